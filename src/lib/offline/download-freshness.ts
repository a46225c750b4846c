import { fetchFromCms } from '../cms/graphql-client';
import { db, type DownloadRecord } from '../db/database';
import { collectMedia, mergeMedia, type MediaReference } from './collect-media';
import { fetchMissingFiles } from './download-files';
import { releaseUnused } from './download-release';
import { runDownload } from './download-runner';
import { replaceStoredDocument } from './document-store';
import { stableStringify } from './document-keys';

/**
 * Asks the CMS for every answer a download stored: 'newer' when any has changed since, 'current'
 * when none has, 'unknown' when an answer was stored before the query text was kept with it.
 */
export async function checkForNewerVersion(
  record: DownloadRecord,
): Promise<'current' | 'newer' | 'unknown'> {
  const stored = await db.documents.bulkGet(record.documentKeys);
  let unknown = false;
  for (const document of stored) {
    if (!document?.document) {
      unknown = true;
      continue;
    }
    const fresh = await fetchFromCms(document.document, document.variables);
    if (stableStringify(fresh) !== stableStringify(document.data)) return 'newer';
  }
  return unknown ? 'unknown' : 'current';
}

/**
 * 'Update' on the storage page: every stored answer is fetched again and replaced, files that
 * are new are stored, and files the item no longer uses go (unless another download uses them).
 * All answers are fetched before any is replaced, so a CMS that fails part-way leaves the
 * download as it was. Resolves true when the item is complete again.
 */
export async function updateDownload(record: DownloadRecord): Promise<boolean> {
  const stored = (await db.documents.bulkGet(record.documentKeys)).filter(
    (document) => document !== undefined,
  );
  const fromOldAnswers = new Set(
    mergeMedia(stored.map((document) => collectMedia(document.data))).map((file) => file.url),
  );
  const media: MediaReference[][] = [
    // Files the plan added itself (a playlist's audio), which no answer names.
    record.mediaUrls.filter((url) => !fromOldAnswers.has(url)).map((url) => ({ url, bytes: 0 })),
  ];
  const fresh: { key: string; data: unknown }[] = [];
  try {
    for (const document of stored) {
      if (!document.document) continue;
      fresh.push({
        key: document.key,
        data: await fetchFromCms(document.document, document.variables),
      });
    }
  } catch {
    return false;
  }
  for (const { key, data } of fresh) {
    await replaceStoredDocument(key, data);
    media.push(collectMedia(data));
  }
  const files = mergeMedia(media);
  await releaseUnused(record, new Set(record.documentKeys), new Set(files.map((file) => file.url)));
  await db.downloads.update(record.id, { mediaUrls: files.map((file) => file.url) });
  const ended = await runDownload(record.id, (signal, report) =>
    fetchMissingFiles(
      record.id,
      new Map(files.map((file) => [file.url, file.bytes])),
      signal,
      report,
    ),
  );
  return ended?.status === 'complete';
}
