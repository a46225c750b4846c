import { useSyncExternalStore } from 'react';
import { DEVICE_SETTING_KEYS } from '../../lib/device-setting-keys';

/**
 * Whether films play with their audio description (WCAG 1.2.5): one choice for every film, kept
 * on this device across sign-outs like the practice settings (a setting of the device, not of
 * the teacher), so a projector's set-up stays as the class needs it.
 */
const KEY = DEVICE_SETTING_KEYS.audioDescription;
const listeners = new Set<() => void>();

/** localStorage, or nothing where reading it throws (blocked storage). */
function deviceStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function read(): boolean {
  try {
    return deviceStorage()?.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the app changed it: follow, so a presenter's two windows agree.
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function setAudioDescription(on: boolean) {
  try {
    deviceStorage()?.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Storage refused (private mode, full): the choice lasts as long as the page.
    memory = on;
  }
  for (const listener of listeners) listener();
}

let memory: boolean | null = null;
const snapshot = () => memory ?? read();

/** The device's choice, and every film's switch re-renders when it changes. */
export function useAudioDescription(): [boolean, (on: boolean) => void] {
  return [useSyncExternalStore(subscribe, snapshot, () => false), setAudioDescription];
}
