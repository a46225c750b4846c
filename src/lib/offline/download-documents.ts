import { fetchFresh } from '../cms/graphql-client';
import { db } from '../db/database';
import { collectMedia, isUpload, mergeMedia, type MediaReference } from './collect-media';
import { DownloadError } from './download-error';
import type { DownloadPlan } from './download-plan';
import { documentKey, operationNameOf } from './document-keys';

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
    const operationName = operationNameOf(document);
    if (!operationName) throw new DownloadError('A download query has no operation name.');
    const data = await fetchFresh(document, variables, signal);
    const key = documentKey(userId, operationName, variables);
    await db.transaction('rw', db.documents, db.downloads, async () => {
      await db.documents.put({
        key,
        userId,
        operationName,
        variables: variables as Record<string, unknown>,
        data,
        storedAt: Date.now(),
        document,
      });
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
