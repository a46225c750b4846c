import { AUDIENCE_WINDOW_NAME } from '../../../lib/storage-keys';

interface ScreenLike {
  availLeft: number;
  availTop: number;
  availWidth: number;
  availHeight: number;
}
interface ScreenDetailsLike {
  screens: ScreenLike[];
  currentScreen: ScreenLike;
}
type WindowWithScreens = Window & { getScreenDetails?: () => Promise<ScreenDetailsLike> };

/**
 * Where the Window Management API is allowed, the other screen's whole area (the projector).
 * Only when permission is already granted: asking first would outlast the click's user
 * activation and the browser would block the window. When it can still be asked, the question
 * is put after the window opens, so the next "Present" lands on the projector.
 */
async function otherScreen(): Promise<ScreenLike | null> {
  const win = window as WindowWithScreens;
  if (!win.getScreenDetails || !navigator.permissions) return null;
  let permission: PermissionState;
  try {
    permission = (
      await navigator.permissions.query({ name: 'window-management' as PermissionName })
    ).state;
  } catch {
    return null;
  }
  if (permission === 'prompt') {
    queueMicrotask(() => void win.getScreenDetails?.().catch(() => undefined));
    return null;
  }
  if (permission !== 'granted') return null;
  try {
    const details = await win.getScreenDetails();
    return details.screens.find((screen) => screen !== details.currentScreen) ?? null;
  } catch {
    return null;
  }
}

/**
 * Opens (or brings back) the audience window on `path`. Returns false when the browser blocked
 * it, so the presenter view can say so.
 */
export async function openAudienceWindow(path: string): Promise<boolean> {
  const screen = await otherScreen();
  const size = screen
    ? `left=${screen.availLeft},top=${screen.availTop},width=${screen.availWidth},height=${screen.availHeight}`
    : 'width=1024,height=768';
  const opened = window.open(`${path}?view=audience`, AUDIENCE_WINDOW_NAME, `popup,${size}`);
  opened?.focus();
  return opened !== null;
}
