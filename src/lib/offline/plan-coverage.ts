import { db } from '../db/database';
import { collectMedia, isUpload } from './collect-media';
import type { DownloadPlan } from './download-plan';
import { documentKey, operationNameOf } from './document-keys';

class NotStored extends Error {}

/**
 * Whether everything an item needs is already on this device through other downloads (a lesson
 * of a downloaded unit): its plan is run against the stored answers instead of the CMS, and
 * every file they name must be stored. Reads Dexie only, so a live query can observe it.
 */
export async function isPlanStored(plan: DownloadPlan, userId: string): Promise<boolean> {
  const urls = new Set((plan.media ?? []).map((file) => file.url).filter(isUpload));
  let answers = 0;
  try {
    await plan.collect(async (document, variables = {}) => {
      const operationName = operationNameOf(document);
      if (!operationName) throw new NotStored();
      const stored = await db.documents.get(documentKey(userId, operationName, variables));
      if (!stored) throw new NotStored();
      answers += 1;
      for (const file of collectMedia(stored.data)) urls.add(file.url);
      return stored.data as never;
    });
  } catch {
    return false;
  }
  // A plan that asked for nothing has nothing stored (not everything).
  if (answers === 0) return false;
  const media = await db.media.bulkGet([...urls]);
  return media.every((file) => file !== undefined);
}
