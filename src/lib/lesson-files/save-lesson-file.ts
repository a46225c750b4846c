import { db, type DownloadRecord, type StoredDocument } from '../db/database';
import { SIGNATURE_HEADER, STATEMENT_HEADER } from '../cms/signed-answer-headers';
import { readUser } from '../session/session-storage';
import { documentKey, operationNameOf } from '../offline/document-keys';
import { rebuildPlan } from '../offline/plan-builders';
import { CACHE_NAMES } from '../sw-messages';
import {
  FILE_EXTENSION,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_ENTRY,
  type LessonFileManifest,
} from './lesson-file-format';
import { LessonFileError } from './lesson-file-error';
import { zipOf, type ZipInput } from './zip-writer';

/**
 * "Save as a file": one finished download, with the CMS's signature on every answer and file, as
 * one lesson file (./lesson-file-format.ts), built as a Blob whose media parts are the files
 * Cache Storage already holds.
 */

interface Prepared {
  record: DownloadRecord;
  answers: (StoredDocument & { signed: NonNullable<StoredDocument['signed']> })[];
  files: { url: string; response: Response }[];
}

/** What a download's file will hold, or why it cannot be saved: checked before anything is built. */
export async function prepareLessonFile(downloadId: string): Promise<Prepared> {
  const user = readUser();
  const record = await db.downloads.get(downloadId);
  // Only the signed-in teacher's own downloads (a shared device keeps others' apart).
  if (!record || !user || record.userId !== String(user.id))
    throw new LessonFileError('not-complete');
  if (record.status !== 'complete') throw new LessonFileError('not-complete');
  const documents = await db.documents.bulkGet(record.documentKeys);
  const answers: Prepared['answers'] = [];
  for (const document of documents) {
    if (!document?.signed || !document.document) throw new LessonFileError('not-signed');
    answers.push(document as Prepared['answers'][number]);
  }
  // What would stop the file opening elsewhere (a playlist the CMS does not hold as shown here).
  const plan = await rebuildPlan(record).catch(() => undefined);
  const atHand = async (document: string, variables: object) =>
    answers.find(
      (answer) =>
        answer.key === documentKey(record.userId, operationNameOf(document) ?? '', variables),
    )?.data;
  const problem = await plan?.fileProblem?.(atHand);
  if (problem) throw new LessonFileError('not-ready', problem);
  const cache = await caches.open(CACHE_NAMES.mediaDownloads);
  const files: Prepared['files'] = [];
  for (const url of record.mediaUrls) {
    const response = await cache.match(url);
    if (!response?.headers.get(STATEMENT_HEADER) || !response.headers.get(SIGNATURE_HEADER))
      throw new LessonFileError('not-signed');
    files.push({ url, response });
  }
  return { record, answers, files };
}

/** A name for the file from the item's title: letters, digits and dashes. */
export function lessonFileName(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80);
  return `${base || 'lesson'}${FILE_EXTENSION}`;
}

/**
 * Builds the file of a prepared download; `onProgress` hears how much of its parts has been read
 * (0–1: each part is read once, for its checksum). Resolves with the file's Blob, whose media
 * parts are the files Cache Storage holds (./zip-writer.ts): nothing large is copied.
 */
export async function buildLessonFile(
  prepared: Prepared,
  onProgress: (fraction: number) => void = () => undefined,
  signal?: AbortSignal,
): Promise<Blob> {
  const { record, answers, files } = prepared;
  const savedAt = new Date();
  const text = (value: string) => new Blob([value]);
  const manifest: LessonFileManifest = {
    format: FORMAT,
    version: FORMAT_VERSION,
    savedAt: savedAt.toISOString(),
    item: {
      kind: record.kind,
      title: record.title,
      path: record.path,
      params: record.planParams ?? {},
    },
    answers: answers.map((answer, index) => ({
      entry: `answers/${index}.json`,
      query: `answers/${index}.graphql`,
      statement: answer.signed.statement,
      signature: answer.signed.signature,
    })),
    files: files.map(({ url, response }, index) => ({
      entry: `files/${index}`,
      url,
      type: response.headers.get('content-type'),
      statement: response.headers.get(STATEMENT_HEADER)!,
      signature: response.headers.get(SIGNATURE_HEADER)!,
    })),
  };
  const entries: ZipInput[] = [
    { name: MANIFEST_ENTRY, data: text(JSON.stringify(manifest, null, 2)) },
    ...answers.flatMap((answer, index) => [
      { name: `answers/${index}.json`, data: text(answer.signed.answer) },
      { name: `answers/${index}.graphql`, data: text(answer.document!) },
    ]),
  ];
  for (const [index, { response }] of files.entries())
    entries.push({ name: `files/${index}`, data: await response.blob() });
  // Every part's exact size, the manifest's included: what is read, so the fraction ends at 1.
  const total = entries.reduce((sum, entry) => sum + entry.data.size, 0) || 1;
  let read = 0;
  return zipOf(entries, savedAt, (bytes) => {
    signal?.throwIfAborted();
    onProgress((read += bytes) / total);
  });
}
