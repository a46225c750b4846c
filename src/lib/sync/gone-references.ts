import type { GoneReference } from '@music-classroom/shared/playlist-sync-protocol';
import { db } from '../db/database';

/** The meta key of the audience titles this device has seen (an audience's name outlives it here). */
const AUDIENCE_TITLES_KEY = 'audience-titles';

async function readTitles(): Promise<Record<string, string>> {
  const stored = await db.meta.get(AUDIENCE_TITLES_KEY);
  if (!stored) return {};
  try {
    const parsed: unknown = JSON.parse(stored.value);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * Keeps the titles of the audiences the CMS offered, so a notice can still name one after the CMS
 * deleted it (by then a fresh audience list no longer has it). Titles are added, never forgotten:
 * they are a few words each, and a few audiences.
 */
export async function rememberAudienceTitles(
  audiences: readonly { documentId: string; title: string }[],
): Promise<void> {
  if (audiences.length === 0) return;
  await db.transaction('rw', db.meta, async () => {
    const titles = await readTitles();
    let changed = false;
    for (const { documentId, title } of audiences) {
      if (title && titles[documentId] !== title) {
        titles[documentId] = title;
        changed = true;
      }
    }
    if (changed) await db.meta.put({ key: AUDIENCE_TITLES_KEY, value: JSON.stringify(titles) });
  });
}

/** The title this device last saw for an audience, or null. */
export async function audienceTitle(documentId: string): Promise<string | null> {
  return (await readTitles())[documentId] ?? null;
}

/**
 * What the teacher is told when the CMS left out a reference it no longer has (an audience
 * deleted or unpublished, an activity or recording gone): in plain words, what changed in which
 * playlist and why.
 */
export function goneReferenceMessage(
  playlistTitle: string,
  gone: GoneReference,
  audienceName: string | null = null,
): string {
  if (gone.type === 'audience') {
    return audienceName
      ? `The audience “${audienceName}” no longer exists, so “${playlistTitle}” has no audience now.`
      : `The audience chosen for “${playlistTitle}” no longer exists, so it has no audience now.`;
  }
  const item = gone.title ? `“${gone.title}”` : 'An item';
  return `${item} is no longer available, so it was taken out of “${playlistTitle}”.`;
}
