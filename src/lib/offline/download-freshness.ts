import { fetchFresh } from '../cms/graphql-client';
import { db, type DownloadRecord, type StoredDocument } from '../db/database';
import { collectMedia, mergeMedia } from './collect-media';
import type { UpdateOutcome } from './download-failure';
import type { DownloadPlan } from './download-plan';
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
 * (written before plans kept their params, and its page is not open) asks again for the answers
 * it has instead. Either way the new version is staged and switched in whole, or not at all.
 */
export async function updateDownload(record: DownloadRecord): Promise<UpdateOutcome> {
  const plan = registeredPlan(record.id) ?? (await rebuildPlan(record).catch(() => undefined));
  const outcome = plan
    ? await updateByPlan(record, plan)
    : await updateByPlan(record, ...(await planOfStoredAnswers(record)));
  if (outcome.updated) forgetNewerVersion(record.id);
  return outcome;
}

/**
 * A plan that asks again for every stored answer, keeping the files the old plan added itself (a
 * playlist's audio, which no answer names); answers stored without their query are carried.
 */
async function planOfStoredAnswers(
  record: DownloadRecord,
): Promise<[DownloadPlan, StoredDocument[]]> {
  const stored = (await db.documents.bulkGet(record.documentKeys)).filter(
    (document) => document !== undefined,
  );
  const fromOldAnswers = new Set(
    mergeMedia(stored.map((document) => collectMedia(document.data))).map((file) => file.url),
  );
  const plan: DownloadPlan = {
    kind: record.kind,
    contentId: record.contentId,
    title: record.title,
    path: record.path,
    media: record.mediaUrls
      .filter((url) => !fromOldAnswers.has(url))
      .map((url) => ({ url, bytes: 0 })),
    collect: async (run) => {
      for (const document of stored)
        if (document.document) await run(document.document, document.variables);
    },
  };
  return [plan, stored.filter((document) => !document.document)];
}
