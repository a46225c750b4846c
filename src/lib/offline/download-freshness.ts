import { fetchFresh } from '../cms/graphql-client';
import { db, type DownloadRecord } from '../db/database';
import { collectMedia, mergeMedia, type MediaReference } from './collect-media';
import { fetchMissingFiles } from './download-files';
import { releaseUnused } from './download-release';
import { runDownload } from './download-runner';
import { replaceStoredDocument } from './document-store';
import { stableStringify } from './document-keys';
import { forgetNewerVersion, noteNewerVersion } from './newer-versions';
import { rebuildPlan } from './plan-builders';
import { registeredPlan } from './plan-registry';
import { updateByPlan } from './update-download';

/**
 * Asks the CMS for every answer a download stored: 'newer' when any has changed since, 'current'
 * when none has, 'unknown' when an answer was stored before the query text was kept with it.
 * Comparing the answers themselves is exact and needs no extra CMS field: a plan derives each
 * query from earlier answers, so whatever a new version adds (an activity attached to a lesson,
 * a sub-slideshow linked from a slide) changes an answer already stored. A few at a time, and
 * it stops at the first difference. What it finds is noted in ./newer-versions, whichever page
 * asked, so the lesson page and the storage page say the same.
 */
export async function checkForNewerVersion(
  record: DownloadRecord,
): Promise<'current' | 'newer' | 'unknown'> {
  const stored = await db.documents.bulkGet(record.documentKeys);
  const queue = stored.filter((document) => document?.document);
  const unknown = queue.length < stored.length;
  let newer = false;
  await Promise.all(
    Array.from({ length: CHECKS_AT_ONCE }, async () => {
      for (let document = queue.shift(); document && !newer; document = queue.shift()) {
        const fresh = await fetchFresh(document.document!, document.variables);
        if (stableStringify(fresh) !== stableStringify(document.data)) newer = true;
      }
    }),
  );
  if (newer) {
    noteNewerVersion(record.id);
    return 'newer';
  }
  if (!unknown) forgetNewerVersion(record.id);
  return unknown ? 'unknown' : 'current';
}

/** Questions asked of the CMS at once when checking (a lesson has a handful, a unit dozens). */
const CHECKS_AT_ONCE = 4;

/**
 * 'Update' (the storage page, a lesson's notice): the download's plan runs again, so the new
 * version's additions are collected (./update-download). A record whose plan cannot be made again
 * (written before plans kept their params, and its page is not open) refreshes the answers it
 * has instead.
 */
export async function updateDownload(record: DownloadRecord): Promise<boolean> {
  const plan = registeredPlan(record.id) ?? (await rebuildPlan(record).catch(() => undefined));
  const updated = plan ? await updateByPlan(record, plan) : await refreshStoredAnswers(record);
  if (updated) forgetNewerVersion(record.id);
  return updated;
}

/**
 * Every stored answer is fetched again and replaced, files that are new are stored, and files the
 * item no longer uses go (unless another download uses them). All answers are fetched before any
 * is replaced, so a CMS that fails part-way leaves the download as it was.
 */
async function refreshStoredAnswers(record: DownloadRecord): Promise<boolean> {
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
        data: await fetchFresh(document.document, document.variables),
      });
    }
  } catch {
    return false;
  }
  await db.transaction('rw', db.documents, async () => {
    for (const { key, data } of fresh) await replaceStoredDocument(key, data);
  });
  for (const { data } of fresh) media.push(collectMedia(data));
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
