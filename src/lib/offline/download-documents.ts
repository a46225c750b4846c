import { db } from '../db/database';
import { collectMedia, isUpload, mergeMedia, type MediaReference } from './collect-media';
import type { DownloadPlan } from './download-plan';
import { fetchAnswerToStore } from './fetch-answer';

/**
 * Runs every query of the plan and stores each answer; the record lists each answer as soon as
 * it is stored, so a download cut short (a full disk, a reload) can be removed whole. Returns
 * the keys of this run's answers and the media they (and the plan) refer to.
 */
export async function storeDocuments(
  plan: DownloadPlan,
  id: string,
  userId: string,
  signal: AbortSignal,
): Promise<{ keys: string[]; media: MediaReference[] }> {
  const keys: string[] = [];
  const media: MediaReference[][] = [];
  await plan.collect(async (document, variables = {}) => {
    const answer = await fetchAnswerToStore(userId, document, variables, signal);
    const { key, data } = answer;
    await db.transaction('rw', db.documents, db.downloads, async () => {
      await db.documents.put(answer);
      const record = await db.downloads.get(id);
      if (record && !record.documentKeys.includes(key))
        await db.downloads.update(id, { documentKeys: [...record.documentKeys, key] });
    });
    keys.push(key);
    media.push(collectMedia(data));
    return data as never;
  });
  media.push((plan.media ?? []).filter((file) => isUpload(file.url)));
  return { keys, media: mergeMedia(media) };
}
