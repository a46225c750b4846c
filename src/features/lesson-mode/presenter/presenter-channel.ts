/**
 * The presenter and audience windows talk through a BroadcastChannel: same origin, same
 * browser, no network (a downloaded lesson is taught with the Wi-Fi off). Each window sends
 * what it did; the channel never echoes a message to its sender.
 */
export interface MediaState {
  title: string;
  playing: boolean;
  currentTime: number;
  duration: number;
  /** The browser refused to start it: the audience window needs one click first (autoplay rules). */
  blocked?: boolean;
}

export type PresenterMessage =
  | { type: 'goto'; path: string }
  | { type: 'blank'; on: boolean }
  /** A (re)opened audience window asks for the current slide and blank state. */
  | { type: 'hello' }
  | { type: 'media-toggle' }
  | { type: 'media'; state: MediaState | null };

export interface PresenterChannel {
  post: (message: PresenterMessage) => void;
  close: () => void;
}

const CHANNEL_NAME = 'lesson-mode-presenter';
const TYPES = new Set(['goto', 'blank', 'hello', 'media-toggle', 'media']);

export function isPresenterMessage(value: unknown): value is PresenterMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { type } = value as { type?: unknown };
  if (typeof type !== 'string' || !TYPES.has(type)) return false;
  if (type === 'goto')
    return (
      typeof (value as { path?: unknown }).path === 'string' &&
      (value as { path: string }).path.startsWith('/')
    );
  if (type === 'blank') return typeof (value as { on?: unknown }).on === 'boolean';
  return true;
}

/** Without BroadcastChannel (very old browsers) each window simply works on its own. */
export function openPresenterChannel(
  onMessage: (message: PresenterMessage) => void,
): PresenterChannel {
  if (typeof BroadcastChannel === 'undefined')
    return { post: () => undefined, close: () => undefined };
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent) => {
    if (isPresenterMessage(event.data)) onMessage(event.data);
  };
  return { post: (message) => channel.postMessage(message), close: () => channel.close() };
}
