/**
 * Local storage keys of the device's own settings, kept across sign-outs: sign-out removes only
 * the keys src/lib/storage-keys.ts lists as the session's or the teacher's, so these stay. Apart
 * from storage-keys.ts (which points here) because the first page a visitor loads reads none of
 * them and every byte there counts.
 */
export const DEVICE_SETTING_KEYS = {
  /** 'Audio description' on for films (src/shared/media/audio-description-setting.ts). */
  audioDescription: 'audio-description',
} as const;
