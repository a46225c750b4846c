import { Workbox } from 'workbox-window';
import type { PageToWorkerMessage } from './sw-messages';

/**
 * The one module that talks to the service worker. Registration happens only in production
 * builds: the worker's precache exists only there.
 */
let workbox: Workbox | null = null;
const updateListeners = new Set<() => void>();
let updateWaiting = false;

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || workbox) return;
  workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', () => {
    updateWaiting = true;
    updateListeners.forEach((listener) => listener());
  });
  void workbox.register();
}

/** Subscribe to "a new version is installed and waiting". Returns an unsubscribe function. */
export function onUpdateWaiting(listener: () => void): () => void {
  updateListeners.add(listener);
  if (updateWaiting) listener();
  return () => updateListeners.delete(listener);
}

/** Activates the waiting worker and reloads into the new version once it controls the page. */
export function applyUpdate(): void {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}

export function postToWorker(message: PageToWorkerMessage): void {
  if (workbox) workbox.messageSW(message).catch(() => undefined);
  else navigator.serviceWorker?.controller?.postMessage(message);
}
