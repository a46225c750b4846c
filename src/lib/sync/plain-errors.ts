/**
 * The CMS's words reach a teacher only when they are its own plain-words refusals (the playlist
 * bounds, the item rule, the wire version); anything else it says (a database or framework
 * message such as 'Document with id "…" not found', 'Internal Server Error') is replaced by a
 * plain fallback, so the screen never shows a raw CMS message.
 */
const TEACHER_FACING: readonly RegExp[] = [
  /^Enter a name for the (playlist|custom unit)\.$/,
  /^The (playlist|custom unit)'s name is too long: at most \d+ characters\.$/,
  /^A playlist can hold at most \d+ items; this one has \d+\.$/,
  /^You already have \d+ playlists, the most one account can keep\./,
  /^An item's (title|link) is too long: at most \d+ characters\.$/,
  /^A playlist item must be an activity or a recording from the audio library\.$/,
  /^This version of the app is newer than the content service:/,
];

/** A refusal the CMS gave no plain words for (the change stays on the device either way). */
export const UNKNOWN_REFUSAL = 'the content service could not accept this change.';

/** A server error or anything else unexpected: the round is tried again later. */
export const UNKNOWN_FAILURE =
  'The content service had a problem. Your changes are kept on this device and will be sent again.';

/** The reason to show for a change the CMS refused (400): its own words when they are plain. */
export function plainRefusal(message: string | null | undefined): string {
  const text = message?.trim() ?? '';
  return TEACHER_FACING.some((pattern) => pattern.test(text)) ? text : UNKNOWN_REFUSAL;
}
