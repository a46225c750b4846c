// Types for video-source.mjs (shared by the CMS and the app; see that file).
export type VideoSource =
  | { kind: 'file'; url: string; title?: string }
  | { kind: 'frame'; url: string; provider?: string; title?: string };
export type VideoSourceReading =
  { state: 'empty' } | { state: 'unusable'; reason: string } | { state: 'ok'; source: VideoSource };
export const PASTE_HINT: string;
export function readVideoSource(text: unknown): VideoSourceReading;
/** The video players the app frames (and the CSP's frame-src lists): YouTube's and Vimeo's. */
export const VIDEO_PLAYER_ORIGINS: readonly string[];
/** The sites an editor may link a film from, as a refusal names them. */
export const VIDEO_SITES: string;
/** Whether the app may show this address in a frame. */
export function isVideoPlayerAddress(address: string): boolean;
