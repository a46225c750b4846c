import { useSyncExternalStore } from 'react';
import { AUDIENCE_WINDOW_NAME, SESSION_STORAGE_KEYS } from '../../../lib/storage-keys';
import type { MediaState, PresenterChannel, PresenterMessage } from './presenter-channel';

const PRESENTING_KEY = SESSION_STORAGE_KEYS.presenting;
const SINCE_KEY = SESSION_STORAGE_KEYS.presentingSince;

export type PresenterRole = 'audience' | 'presenter' | 'solo';

interface PresenterState {
  /** This window shows the presenter view (kept for the tab's life, so a reload stays in it). */
  presenting: boolean;
  blanked: boolean;
  /** The audience screen's recording or video, as it last reported it. */
  media: MediaState | null;
}

function storedPresenting(): boolean {
  try {
    return (
      typeof sessionStorage !== 'undefined' && sessionStorage.getItem(PRESENTING_KEY) === 'yes'
    );
  } catch {
    return false;
  }
}

let state: PresenterState = { presenting: storedPresenting(), blanked: false, media: null };
const listeners = new Set<() => void>();
let channel: PresenterChannel | null = null;

export function getPresenterState(): PresenterState {
  return state;
}

export function setPresenterState(patch: Partial<PresenterState>): void {
  state = { ...state, ...patch };
  if ('presenting' in patch) {
    try {
      if (patch.presenting) {
        sessionStorage.setItem(PRESENTING_KEY, 'yes');
        if (!sessionStorage.getItem(SINCE_KEY))
          sessionStorage.setItem(SINCE_KEY, String(Date.now()));
      } else {
        sessionStorage.removeItem(PRESENTING_KEY);
        sessionStorage.removeItem(SINCE_KEY);
      }
    } catch {
      // Storage refused (private mode): presenting lasts until a reload.
    }
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePresenterState(): PresenterState {
  return useSyncExternalStore(subscribe, getPresenterState, getPresenterState);
}

/** The audience window is the one the presenter opened (by name), or any opened with ?view=audience. */
export function isAudienceWindow(): boolean {
  return (
    window.name === AUDIENCE_WINDOW_NAME ||
    new URLSearchParams(window.location.search).get('view') === 'audience'
  );
}

export function usePresenterRole(): PresenterRole {
  const { presenting } = usePresenterState();
  if (isAudienceWindow()) return 'audience';
  return presenting ? 'presenter' : 'solo';
}

export function setPresenterChannel(next: PresenterChannel | null): void {
  channel = next;
}

export function postToOtherWindow(message: PresenterMessage): void {
  channel?.post(message);
}

/** B, or the presenter's button: both windows black out (or come back) together. */
export function toggleBlank(): void {
  const on = !state.blanked;
  setPresenterState({ blanked: on });
  postToOtherWindow({ type: 'blank', on });
}

/**
 * When this tab started presenting (kept across reloads, like presenting itself), or now when
 * storage is refused: the lesson's elapsed time counts from it.
 */
export function presentingSince(): number {
  try {
    const stored = Number(sessionStorage.getItem(SINCE_KEY));
    if (Number.isFinite(stored) && stored > 0) return stored;
    const now = Date.now();
    sessionStorage.setItem(SINCE_KEY, String(now));
    return now;
  } catch {
    return Date.now();
  }
}
