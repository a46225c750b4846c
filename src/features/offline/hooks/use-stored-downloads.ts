/** The teacher's downloads on this device, each checked against what is really stored. */
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type DownloadRecord } from '../../../lib/db/database';
import { mediaStillMissing } from '../../../lib/offline/media-store';
import { readStorageFigures } from '../components/storage-space';

/**
 * The teacher's downloads as IndexedDB holds them, each checked against what is really stored
 * (an evicted answer or file means 'Needs downloading again'), with the browser's figures. Read
 * through a live query: it runs again whenever a download changes, in any tab.
 */
async function readStorage(userId: string) {
  const records = await db.downloads.where('userId').equals(userId).toArray();
  const answers = await db.documents.bulkGet(records.flatMap((record) => record.documentKeys));
  const storedKeys = new Set(answers.flatMap((answer) => (answer ? [answer.key] : [])));
  // Cache Storage and the storage manager are not Dexie: wrapped so the live query keeps its zone.
  const checked = await Promise.resolve(
    Promise.all(
      records.map(async (record: DownloadRecord) => {
        const complete =
          record.documentKeys.every((key) => storedKeys.has(key)) &&
          (await mediaStillMissing(record.mediaUrls)).length === 0;
        return { record, check: complete ? ('complete' as const) : ('missing' as const) };
      }),
    ),
  );
  const figures = await Promise.resolve(readStorageFigures());
  return { checked, figures };
}

export type StoredDownload = Awaited<ReturnType<typeof readStorage>>['checked'][number];

/** undefined while it is read; null with nobody signed in. */
export function useStoredDownloads(userId: number | undefined) {
  return useLiveQuery(() => (userId !== undefined ? readStorage(String(userId)) : null), [userId]);
}
