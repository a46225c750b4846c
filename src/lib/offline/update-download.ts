import { fetchFresh } from '../cms/graphql-client';
import { db, type DownloadRecord, type StoredDocument } from '../db/database';
import { collectMedia, isUpload, mergeMedia } from './collect-media';
import { DownloadError } from './download-error';
import { fetchMissingFiles } from './download-files';
import type { DownloadPlan } from './download-plan';
import { releaseUnused } from './download-release';
import { runDownload } from './download-runner';
import { documentKey, operationNameOf } from './document-keys';

/**
 * Brings a download to the CMS's newest version by running its plan again, so what the new
 * version adds (a newly attached activity's slideshow, its sub-slideshows, their files) is
 * collected, and what it no longer uses is let go (answers and files other downloads still use
 * stay). Every answer is fetched before any is stored, and all are stored in one transaction:
 * the lesson page and lesson mode read the same answers, so they switch together or not at all.
 * The record takes the title the CMS has now. Resolves true when the item is complete again.
 */
export async function updateByPlan(record: DownloadRecord, plan: DownloadPlan): Promise<boolean> {
  const fresh: StoredDocument[] = [];
  let title = record.title;
  try {
    await plan.collect(
      async (document, variables = {}) => {
        const operationName = operationNameOf(document);
        if (!operationName) throw new DownloadError('A download query has no operation name.');
        const data = await fetchFresh(document, variables);
        fresh.push({
          key: documentKey(record.userId, operationName, variables),
          userId: record.userId,
          operationName,
          variables: variables as Record<string, unknown>,
          data,
          storedAt: Date.now(),
          document,
        });
        return data as never;
      },
      { title: (found) => void (title = found) },
    );
  } catch {
    // Offline or a CMS error part-way: the download stays exactly as it was.
    return false;
  }
  const media = mergeMedia([
    ...fresh.map((answer) => collectMedia(answer.data)),
    (plan.media ?? []).filter((file) => isUpload(file.url)),
  ]);
  const keys = [...new Set(fresh.map((answer) => answer.key))];
  const urls = media.map((file) => file.url);
  await db.transaction('rw', db.documents, db.downloads, async () => {
    await db.documents.bulkPut(fresh);
    await db.downloads.update(record.id, {
      documentKeys: keys,
      mediaUrls: urls,
      title,
      filesListed: true,
    });
  });
  await releaseUnused(record, new Set(keys), new Set(urls));
  const ended = await runDownload(record.id, (signal, report) =>
    fetchMissingFiles(
      record.id,
      new Map(media.map((file) => [file.url, file.bytes])),
      signal,
      report,
    ),
  );
  return ended?.status === 'complete';
}
