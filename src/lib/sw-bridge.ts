import { Workbox } from 'workbox-window';
import type { PageToWorkerMessage, WorkerToPageMessage } from './sw-messages';

/**
 * The one module that talks to the service worker. Registration happens only in production
 * builds: the worker's precache exists only there.
 */
let workbox: Workbox | null = null;
const UPDATE_CHECK_MS = 30 * 60_000;
const updateListeners = new Set<() => void>();
let updateWaiting = false;

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || workbox) return;
  workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', () => {
    updateWaiting = true;
    updateListeners.forEach((listener) => listener());
  });
  // Without a worker (blocked, private mode, an old browser) the app still works online.
  workbox
    .register()
    .catch((error: unknown) => console.warn('Service worker not registered:', error));
  // Belt and braces to clientsClaim() at activation: a single-page app never navigates again, so a
  // tab the worker did not take over would keep no offline copies of what it shows until a reload
  // (end-to-end runs on a loaded machine have seen a tab stay uncontrolled). Once the worker is
  // active, an uncontrolled page asks for it.
  void navigator.serviceWorker.ready.then((registration) => {
    if (!navigator.serviceWorker.controller) {
      const claim: PageToWorkerMessage = { type: 'CLAIM' };
      registration.active?.postMessage(claim);
    }
  });
  // A school tab stays open for days: look for a new build when the teacher comes back to it.
  const check = () => void workbox?.update().catch(() => undefined);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  window.setInterval(check, UPDATE_CHECK_MS);
}

/** Ask the server for a new worker now (also done on visibility and every half hour). */
export function checkForUpdate(): Promise<void> {
  return workbox
    ? workbox.update().then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
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

/**
 * Subscribe to "the worker's own write found the device full" (it still answered the page). Works
 * whether or not this page registered the worker: any worker controlling it may say so.
 */
export function onWorkerStorageFull(
  listener: (store: Extract<WorkerToPageMessage, { type: 'STORAGE_FULL' }>['store']) => void,
): () => void {
  const container = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
  if (!container) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    const message = event.data as WorkerToPageMessage | null;
    if (message?.type === 'STORAGE_FULL') listener(message.store);
  };
  container.addEventListener('message', onMessage);
  // Messages from the worker wait in a queue until the page says it listens.
  container.startMessages?.();
  return () => container.removeEventListener('message', onMessage);
}
