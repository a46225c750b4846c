import { fetchFromCms, onDownloadedAnswerChanged } from '../cms/graphql-client';
import { db, type DownloadRecord } from '../db/database';
import { readToken, readUser } from '../session/session-storage';
import { graphqlCacheKey, sessionPartition } from '../graphql-cache-key';
import { CACHE_NAMES, MEDIA_DOWNLOAD_HEADER } from '../sw-messages';
import { collectMedia, isUpload, mergeMedia, type MediaReference } from './collect-media';
import { DownloadError } from './download-error';
import { replaceStoredDocument } from './document-store';
import type { DownloadPlan } from './download-plan';
import { documentKey, downloadId, operationNameOf, stableStringify } from './document-keys';
import { useDownloadProgress } from './download-progress-store';

/** Media files fetched at once: enough to fill the pipe, few enough for a school's Wi-Fi. */
const CONCURRENCY = 4;

const controllers = new Map<string, AbortController>();

function isQuotaError(error: unknown): boolean {
  return (
    error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22)
  );
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** Runs every query of the plan, storing each answer, and returns the media they refer to. */
async function storeDocuments(plan: DownloadPlan, userId: string, signal: AbortSignal) {
  const keys: string[] = [];
  const media: MediaReference[][] = [];
  await plan.collect(async (document, variables = {}) => {
    const operationName = operationNameOf(document);
    if (!operationName) throw new DownloadError('A download query has no operation name.');
    const data = await fetchFromCms(document, variables, signal);
    const key = documentKey(userId, operationName, variables);
    await db.documents.put({
      key,
      userId,
      operationName,
      variables: variables as Record<string, unknown>,
      data,
      storedAt: Date.now(),
      document,
    });
    keys.push(key);
    media.push(collectMedia(data));
    return data as never;
  });
  media.push((plan.media ?? []).filter(isUpload).map((url) => ({ url, bytes: 0 })));
  return { keys, media: mergeMedia(media) };
}

async function mediaStillMissing(record: DownloadRecord): Promise<string[]> {
  const cache = await caches.open(CACHE_NAMES.mediaDownloads);
  const missing: string[] = [];
  for (const url of record.mediaUrls) {
    if (!(await cache.match(url))) missing.push(url);
  }
  return missing;
}

/** Fetches and stores one file; returns its size. Shared files are stored once, counted once. */
async function storeMedia(
  url: string,
  downloadIdValue: string,
  signal: AbortSignal,
): Promise<number> {
  const cache = await caches.open(CACHE_NAMES.mediaDownloads);
  const existing = await db.media.get(url);
  if (existing && (await cache.match(url))) {
    if (!existing.usedBy.includes(downloadIdValue)) {
      await db.media.update(url, { usedBy: [...existing.usedBy, downloadIdValue] });
    }
    return 0;
  }
  // Past the browser's HTTP cache: a <video> that read part of this file leaves a partial entry
  // there, which turns a plain GET into a range request answered 206 (seen with the home page's
  // intro video). The file is kept in Cache Storage; a second copy in the HTTP cache is waste.
  const response = await fetch(url, {
    signal,
    cache: 'no-store',
    headers: { [MEDIA_DOWNLOAD_HEADER]: '1' },
  });
  if (response.status !== 200) throw new DownloadError(`${url} answered ${response.status}`);
  const body = await response.blob();
  await cache.put(url, new Response(body, { status: 200, headers: response.headers }));
  await db.media.put({
    url,
    bytes: body.size,
    usedBy: [...new Set([...(existing?.usedBy ?? []), downloadIdValue])],
    storedAt: Date.now(),
  });
  return body.size;
}

async function update(id: string, changes: Partial<DownloadRecord>) {
  await db.downloads.update(id, { ...changes, updatedAt: Date.now() });
  const record = await db.downloads.get(id);
  if (record) useDownloadProgress.getState().set(record);
}

/**
 * Makes an item available offline: stores its answers in IndexedDB and every media file in the
 * downloads cache, a few files at a time. The record says what is done, so a reload or a lost
 * connection resumes where it stopped, and running out of space removes what this download
 * stored alone (shared files stay) and says so.
 */
export async function startDownload(plan: DownloadPlan): Promise<DownloadRecord> {
  const user = readUser();
  if (!user) throw new DownloadError('Log in to make content available offline.');
  const userId = String(user.id);
  const id = downloadId(userId, plan.kind, plan.contentId);
  controllers.get(id)?.abort();
  const controller = new AbortController();
  controllers.set(id, controller);

  const now = Date.now();
  const previous = await db.downloads.get(id);
  await db.downloads.put({
    id,
    userId,
    kind: plan.kind,
    contentId: plan.contentId,
    title: plan.title,
    path: plan.path,
    status: 'downloading',
    documentKeys: previous?.documentKeys ?? [],
    mediaUrls: previous?.mediaUrls ?? [],
    bytesTotal: previous?.bytesTotal ?? 0,
    bytesDone: previous?.bytesDone ?? 0,
    updatedAt: now,
  });
  void navigator.storage?.persist?.();

  try {
    const { keys, media } = await storeDocuments(plan, userId, controller.signal);
    const estimate = media.reduce((sum, file) => sum + file.bytes, 0);
    const quota = await navigator.storage?.estimate?.();
    if (quota?.quota && quota.usage !== undefined && quota.quota - quota.usage < estimate) {
      throw new DownloadError(
        `Not enough space on this device: this needs about ${formatMegabytes(estimate)}, and ${formatMegabytes(quota.quota - quota.usage)} is free.`,
      );
    }
    // Downloading again (an update): what the item no longer needs goes, unless others use it.
    if (previous)
      await releaseUnused(previous, new Set(keys), new Set(media.map((file) => file.url)));
    await update(id, {
      documentKeys: keys,
      mediaUrls: media.map((file) => file.url),
      bytesTotal: estimate,
      version: plan.version,
    });
    await fetchMissingMedia(
      id,
      new Map(media.map((file) => [file.url, file.bytes])),
      controller.signal,
    );
  } catch (error) {
    if (controller.signal.aborted) {
      await update(id, { status: 'paused', error: 'Cancelled.' });
    } else if (isQuotaError(error)) {
      await removeDownload(id);
      throw new DownloadError(
        'This device ran out of storage space, so the download was stopped and removed.',
      );
    } else {
      const message =
        error instanceof DownloadError
          ? error.message
          : navigator.onLine
            ? 'The download stopped. Try again to resume it.'
            : 'The connection was lost. The download resumes where it stopped when you try again online.';
      await update(id, { status: 'failed', error: message });
    }
  } finally {
    controllers.delete(id);
  }
  return (await db.downloads.get(id))!;
}

/**
 * Stores the files of a download that are not stored yet, a few at a time; files already stored
 * (by this download before an interruption, or by another one) are not fetched again.
 */
async function fetchMissingMedia(id: string, sizes: Map<string, number>, signal: AbortSignal) {
  const record = (await db.downloads.get(id))!;
  const queue = await mediaStillMissing(record);
  const estimate = record.mediaUrls.reduce((sum, url) => sum + (sizes.get(url) ?? 0), 0);
  let done = estimate - queue.reduce((sum, url) => sum + (sizes.get(url) ?? 0), 0);
  // Shared files already stored still count as this download's (they are freed only with it).
  for (const url of record.mediaUrls) if (!queue.includes(url)) await storeMedia(url, id, signal);
  let filesDone = record.mediaUrls.length - queue.length;
  await update(id, { bytesDone: done, filesDone });
  const workers = Array.from({ length: CONCURRENCY }, async () => {
    for (let url = queue.shift(); url; url = queue.shift()) {
      const bytes = await storeMedia(url, id, signal);
      done += bytes || sizes.get(url) || 0;
      filesDone += 1;
      await update(id, { bytesDone: done, bytesTotal: Math.max(estimate, done), filesDone });
    }
  });
  await Promise.all(workers);
  const total = Math.max(estimate, done);
  await update(id, { status: 'complete', error: undefined, bytesTotal: total, bytesDone: total });
}

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
  await update(record.id, {
    status: 'downloading',
    mediaUrls: files.map((file) => file.url),
    error: undefined,
  });
  const controller = new AbortController();
  controllers.set(record.id, controller);
  try {
    await fetchMissingMedia(
      record.id,
      new Map(files.map((file) => [file.url, file.bytes])),
      controller.signal,
    );
    return true;
  } catch {
    await update(record.id, {
      status: 'failed',
      error: 'The update stopped. Try again to resume it.',
    });
    return false;
  } finally {
    controllers.delete(record.id);
  }
}

export function cancelDownload(id: string): void {
  controllers.get(id)?.abort();
}

/**
 * The worker's opportunistic GraphQL cache also holds the answers a download fetched; removed
 * content must really be gone offline, so those copies go too (same keys as sw/graphql-cache:
 * the current session's partition; other sessions' partitions are purged at sign-out).
 */
async function forgetWorkerCopies(documentKeys: string[]) {
  const graphql = await caches.open(CACHE_NAMES.graphql);
  const stored = await db.documents.bulkGet(documentKeys);
  const partition = await sessionPartition(readToken());
  for (const document of stored) {
    if (!document) continue;
    const key = await graphqlCacheKey(
      location.origin,
      partition,
      document.operationName,
      document.variables,
    );
    await graphql.delete(key);
  }
}

/**
 * Lets go of the answers and files of a download that are not in `keep`: each answer unless
 * another download holds it, each file once no download uses it.
 */
async function releaseUnused(record: DownloadRecord, keepKeys: Set<string>, keepUrls: Set<string>) {
  const id = record.id;
  const otherKeys = new Set(
    (await db.downloads.where('userId').equals(record.userId).toArray())
      .filter((other) => other.id !== id)
      .flatMap((other) => other.documentKeys),
  );
  const released = record.documentKeys.filter((key) => !keepKeys.has(key) && !otherKeys.has(key));
  await forgetWorkerCopies(released);
  const dropped: string[] = [];
  await db.transaction('rw', db.documents, db.media, async () => {
    await db.documents.bulkDelete(released);
    for (const media of await db.media.where('usedBy').equals(id).toArray()) {
      if (keepUrls.has(media.url)) continue;
      const usedBy = media.usedBy.filter((user) => user !== id);
      if (usedBy.length === 0) {
        await db.media.delete(media.url);
        dropped.push(media.url);
      } else await db.media.update(media.url, { usedBy });
    }
  });
  // Cache Storage is outside the transaction: drop files only once nothing refers to them.
  const cache = await caches.open(CACHE_NAMES.mediaDownloads);
  for (const url of dropped) await cache.delete(url);
}

/** Removes a download and every file no other download uses. */
export async function removeDownload(id: string): Promise<void> {
  cancelDownload(id);
  const record = await db.downloads.get(id);
  if (!record) return;
  await releaseUnused(record, new Set(), new Set());
  await db.downloads.delete(id);
  useDownloadProgress.getState().remove(id);
}

/** A download is available offline only if everything it needs is still really stored. */
export async function verifyDownload(record: DownloadRecord): Promise<'complete' | 'missing'> {
  for (const key of record.documentKeys) if (!(await db.documents.get(key))) return 'missing';
  return (await mediaStillMissing(record)).length === 0 ? 'complete' : 'missing';
}

/**
 * On start: downloads a reload interrupted carry on with their missing files (their answers are
 * already stored), and answers that changed in the CMS fetch only their new media.
 */
export function resumeDownloads(): void {
  void (async () => {
    const user = readUser();
    if (!user) return;
    const records = await db.downloads.where('userId').equals(String(user.id)).toArray();
    for (const record of records) {
      useDownloadProgress.getState().set(record);
      if (record.status !== 'downloading' || record.mediaUrls.length === 0 || !navigator.onLine)
        continue;
      const controller = new AbortController();
      controllers.set(record.id, controller);
      const sizes = new Map(
        (await db.media.bulkGet(record.mediaUrls)).flatMap((m) =>
          m ? [[m.url, m.bytes] as const] : [],
        ),
      );
      void fetchMissingMedia(record.id, sizes, controller.signal)
        .catch(() =>
          update(record.id, {
            status: 'failed',
            error: 'The download stopped. Try again to resume it.',
          }),
        )
        .finally(() => controllers.delete(record.id));
    }
  })();
}

/** Answers that changed in the CMS fetch only their new media (registered once, at start). */
export function watchDownloadedAnswers(): () => void {
  return onDownloadedAnswerChanged((key) => {
    void (async () => {
      const stored = await db.documents.get(key);
      if (!stored) return;
      const holders = (await db.downloads.toArray()).filter((record) =>
        record.documentKeys.includes(key),
      );
      for (const record of holders) {
        const added = collectMedia(stored.data)
          .map((file) => file.url)
          .filter((url) => !record.mediaUrls.includes(url));
        if (added.length === 0) continue;
        await db.downloads.update(record.id, { mediaUrls: [...record.mediaUrls, ...added] });
        for (const url of added)
          await storeMedia(url, record.id, new AbortController().signal).catch(() => undefined);
      }
    })();
  });
}

/** 'Remove all' on the storage page, and logout on a shared device. */
export async function removeAllDownloads(userId: string): Promise<void> {
  for (const record of await db.downloads.where('userId').equals(userId).toArray())
    await removeDownload(record.id);
}
