// Types for video-source.mjs (shared by the CMS and the app; see that file).
export type VideoSource =
  | { kind: 'file'; url: string; title?: string }
  | { kind: 'frame'; url: string; provider?: string; title?: string };
export type VideoSourceReading =
  | { state: 'empty' }
  | { state: 'unusable'; reason: string }
  | { state: 'ok'; source: VideoSource };
export const PASTE_HINT: string;
export function readVideoSource(text: unknown): VideoSourceReading;
