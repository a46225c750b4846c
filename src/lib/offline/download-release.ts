import { db, type DownloadRecord, type StoredDocument } from '../db/database';
import { answerKeyPrefix, sessionPartition } from '../graphql-cache-key';
import { readToken } from '../session/session-storage';
import { CACHE_NAMES } from '../sw-messages';
import { releaseFiles } from './media-store';

/**
 * The worker's opportunistic GraphQL cache also holds the answers a download fetched; removed
 * content must really be gone offline, so those copies go too (same keys as sw/graphql-cache:
 * the current session's partition; other sessions' partitions are purged at sign-out).
 */
export async function forgetWorkerCopies(stored: (StoredDocument | undefined)[]): Promise<void> {
  const graphql = await caches.open(CACHE_NAMES.graphql);
  const partition = await sessionPartition(readToken());
  const keys = (await graphql.keys()).map((request) => request.url);
  for (const document of stored) {
    if (!document) continue;
    // Every text of the operation (an older release's document too) with these variables.
    const prefix = await answerKeyPrefix(
      location.origin,
      partition,
      document.operationName,
      document.variables,
    );
    await Promise.all(
      keys.filter((key) => key.startsWith(prefix)).map((key) => graphql.delete(key)),
    );
  }
}

/** The answers the teacher's other downloads hold (an answer goes only with its last holder). */
export async function keysOfOtherDownloads(record: DownloadRecord): Promise<Set<string>> {
  return new Set(
    (await db.downloads.where('userId').equals(record.userId).toArray())
      .filter((other) => other.id !== record.id)
      .flatMap((other) => other.documentKeys),
  );
}

/**
 * Lets go of the answers and files of a download that are not kept: each answer unless another
 * download holds it, each file once no download uses it.
 */
export async function releaseUnused(
  record: DownloadRecord,
  keepKeys: Set<string>,
  keepUrls: Set<string>,
): Promise<void> {
  const otherKeys = await keysOfOtherDownloads(record);
  const released = record.documentKeys.filter((key) => !keepKeys.has(key) && !otherKeys.has(key));
  await forgetWorkerCopies(await db.documents.bulkGet(released));
  await db.documents.bulkDelete(released);
  await releaseFiles(record, keepUrls);
}
