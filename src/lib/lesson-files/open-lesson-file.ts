import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { servedFileHeaders, typeOfStoredFile } from '@music-classroom/shared/upload-types';
import { ACTIVE_SUBSCRIBER } from '../auth/auth-store';
import { flatten } from '../cms/flatten';
import { SIGNATURE_HEADER, STATEMENT_HEADER } from '../cms/signed-answer-headers';
import { db, type DownloadRecord, type StoredDocument } from '../db/database';
import { collectMedia, isUpload, mergeMedia } from '../offline/collect-media';
import { documentKey, downloadId, operationNameOf } from '../offline/document-keys';
import { freeSpace } from '../offline/download-files';
import { DownloadExists, forgetDownload, runDownload } from '../offline/download-runner';
import { rebuildPlan } from '../offline/plan-builders';
import { claimStoredFile, keepFile, mediaStillMissing, releaseFiles } from '../offline/media-store';
import { readRole, readUser } from '../session/session-storage';
import { parseManifest, MANIFEST_ENTRY, type ManifestFile } from './lesson-file-format';
import { LessonFileError } from './lesson-file-error';
import { base64urlToBytes, sha256Hex, utf8, verifiedStatement, type Statement } from './signing';
import { knownSigningKey, learnSigningKey } from './signing-key';
import { entryBytes, readZipDirectory, type ZipEntry } from './zip-directory';
import { readChunks } from './read-chunks';

/**
 * "Open a lesson file": checks a file in two steps and stores it as a download would.
 *
 * 1. checkLessonFile reads the manifest and runs the item's own download plan against the file:
 *    each answer the plan asks for is checked then (its signature against the CMS key this
 *    device knows, its answer's and query's hash, and that it was made for the opener's role),
 *    and each file it needs is checked by its statement; it says what the file holds, how much
 *    it stores and whether that fits.
 * 2. open() reads every media file once to check its hash and size, then stores the answers and
 *    the files this device does not hold yet (shared files are stored once). Nothing is stored
 *    before every part has been checked; a reload part-way through leaves a record marked
 *    'file' and unfinished, which the next start removes whole.
 */

/** A unit of many lessons has a manifest of a few hundred kB. */
const MAX_MANIFEST_BYTES = 2 * 1024 * 1024;

/** No answer of a lesson comes near this; a larger one is not read into memory. */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

interface CheckedAnswer {
  statement: Statement;
  signed: { statement: string; signature: string };
  answer: string;
  query: string;
  data: unknown;
}

interface CheckedFile {
  /** Its own address under /uploads/, as its statement names it. */
  path: string;
  statement: Statement;
  signed: ManifestFile;
  entry: ZipEntry;
}

export interface LessonFileCheck {
  kind: DownloadRecord['kind'];
  title: string;
  /** Opening it makes a copy of the teacher's own (a colleague's playlist). */
  makesCopy: boolean;
  /** Everything the item uses, in bytes (answers and files). */
  totalBytes: number;
  /** What opening it stores: the files this device does not hold yet, and the answers. */
  newBytes: number;
  /** Free bytes as the browser estimates them, or null when it does not say. */
  freeBytes: number | null;
  fits: boolean;
  /** Checks every file's bytes, then stores it all; `onProgress` hears a fraction (0–1). */
  open: (onProgress?: (fraction: number) => void) => Promise<DownloadRecord>;
}

async function textOf(file: Blob, entry: ZipEntry | undefined, limit: number): Promise<string> {
  if (!entry) throw new LessonFileError('changed');
  if (entry.size > limit) throw new LessonFileError('changed');
  return (await entryBytes(file, entry)).text();
}

async function signingKey() {
  const key = navigator.onLine ? await learnSigningKey() : await knownSigningKey();
  if (!key) throw new LessonFileError(navigator.onLine ? 'key-unreachable' : 'no-key');
  return key;
}

/**
 * The teacher's role as the CMS last confirmed it: asked again first when online (so a role
 * changed on the device by hand does not stand), else the one this device keeps.
 */
async function confirmedRole(): Promise<string | null> {
  if (navigator.onLine) {
    const { useAuthStore } = await import('../auth/auth-store');
    await useAuthStore
      .getState()
      .loadRoleAndProfile()
      .catch(() => undefined);
  }
  return readRole();
}

/** More answers than any unit has: a manifest past it is not one the app wrote. */
const MAX_ANSWERS = 5000;

/**
 * The file's answers by the key they would be stored under, read only when a plan asks for one:
 * each is then checked whole (its signature against the CMS's key, the opener's role, its bytes'
 * and query's SHA-256), once. An answer no plan asks for is never read, so a file padded with
 * signed answers costs nothing to check.
 */
async function answersOf(
  file: Blob,
  entries: Map<string, ZipEntry>,
  answers: ReturnType<typeof parseManifest>['answers'],
  userId: string,
) {
  const key = await signingKey();
  const role = await confirmedRole();
  if (answers.length > MAX_ANSWERS) throw new LessonFileError('changed');
  const byKey = new Map<string, (typeof answers)[number]>();
  const seen = new Set<string>();
  for (const signed of answers) {
    // Each entry and each answer once: a manifest naming one twice is not one the app wrote.
    if (seen.has(signed.entry) || seen.has(signed.query) || seen.has(signed.statement))
      throw new LessonFileError('changed');
    seen.add(signed.entry).add(signed.query).add(signed.statement);
    const named = unverifiedStatement(signed.statement);
    const stored = documentKey(userId, named.operationName ?? '', named.variables ?? {});
    if (byKey.has(stored)) throw new LessonFileError('changed');
    byKey.set(stored, signed);
  }
  const checked = new Map<string, Promise<CheckedAnswer | undefined>>();
  const check = async (stored: string): Promise<CheckedAnswer | undefined> => {
    const signed = byKey.get(stored);
    if (!signed) return undefined;
    const statement = await verifiedStatement(signed, key);
    if (!statement.operationName || !statement.document || typeof statement.variables !== 'object')
      throw new LessonFileError('changed');
    // Every answer was made for the role of the teacher who opens it, and only that one:
    // paid content stays paid (a subscriber's answers open for a subscriber only), and a lesser
    // role's answer (a visitor's, a trial teacher's) never stands in a subscriber's store for
    // what their subscription shows.
    if (statement.for !== role)
      throw new LessonFileError(
        statement.for === ACTIVE_SUBSCRIBER ? 'subscribers-only' : 'other-role',
      );
    const answer = await textOf(file, entries.get(signed.entry), MAX_ANSWER_BYTES);
    const query = await textOf(file, entries.get(signed.query), MAX_ANSWER_BYTES);
    if (sha256Hex(utf8(answer)) !== statement.answer) throw new LessonFileError('changed');
    if (sha256Hex(utf8(query)) !== statement.document) throw new LessonFileError('changed');
    if (operationNameOf(query) !== statement.operationName) throw new LessonFileError('changed');
    const body = JSON.parse(answer) as { data?: unknown };
    if (!body?.data) throw new LessonFileError('changed');
    return {
      statement,
      signed: { statement: signed.statement, signature: signed.signature },
      answer,
      query,
      data: flatten(body.data),
    };
  };
  return {
    key,
    /** The checked answer stored under `stored`, or undefined when the file has none. */
    answerFor: (stored: string) => {
      if (!checked.has(stored)) checked.set(stored, check(stored));
      return checked.get(stored)!;
    },
  };
}

/** What a statement names, before its signature is checked (to find it; nothing more). */
function unverifiedStatement(text: string): Partial<Statement> {
  try {
    const named = JSON.parse(
      new TextDecoder().decode(base64urlToBytes(text)),
    ) as Partial<Statement>;
    if (named && typeof named === 'object') return named;
  } catch {
    // Not a statement at all.
  }
  throw new LessonFileError('changed');
}

export async function checkLessonFile(file: Blob): Promise<LessonFileCheck> {
  const user = readUser();
  if (!user) throw new LessonFileError('log-in');
  const userId = String(user.id);
  const entries = await readZipDirectory(file);
  const manifest = parseManifest(
    await textOf(file, entries.get(MANIFEST_ENTRY), MAX_MANIFEST_BYTES),
  );
  const { answerFor, key } = await answersOf(file, entries, manifest.answers, userId);

  // The item's own plan, run against the file's answers: it proves the file holds every answer
  // the item's pages and lesson mode read, and names its title and files from signed answers.
  const { item } = manifest;
  const atHand = async (document: string, variables: object) =>
    (await answerFor(documentKey(userId, operationNameOf(document) ?? '', variables)))?.data;
  const plan = await rebuildPlan(
    {
      id: '',
      userId,
      kind: item.kind,
      contentId: '',
      title: item.title,
      path: item.path,
      status: 'complete',
      documentKeys: [],
      mediaUrls: [],
      bytesTotal: 0,
      bytesDone: 0,
      planParams: item.params,
      updatedAt: 0,
    },
    atHand,
  ).catch(() => undefined);
  if (!plan) throw new LessonFileError('missing-part');
  const used = new Map<string, CheckedAnswer>();
  // The title a signed answer gives (the manifest's is not trusted).
  let foundTitle: string | null = null;
  await plan.collect(
    async (document, variables = {}) => {
      const key = documentKey(userId, operationNameOf(document) ?? '', variables);
      const answer = await answerFor(key);
      if (!answer) throw new LessonFileError('missing-part');
      if (sha256Hex(utf8(document)) !== answer.statement.document)
        throw new LessonFileError('other-version');
      used.set(key, answer);
      return answer.data as never;
    },
    { title: (found) => void (foundTitle = found) },
  );
  const title = foundTitle as string | null;
  if (!title) throw new LessonFileError('missing-part');
  // Where the storage page links to: a path of this app, never another site.
  if (!plan.ownCopy && !(isAppPath(plan.path) && plan.ownsPath?.(plan.path)))
    throw new LessonFileError('changed');
  const urls = mergeMedia([
    ...[...used.values()].map((answer) => collectMedia(answer.data)),
    (plan.media ?? []).filter((media) => isUpload(media.url)),
  ]).map((media) => media.url);

  const files = new Map<string, CheckedFile>();
  for (const signed of manifest.files) {
    if (!urls.includes(signed.url) || files.has(signed.url)) continue;
    const statement = await verifiedStatement(signed, key);
    const entry = entries.get(signed.entry);
    const path = new URL(signed.url, window.location.origin).pathname;
    if (!entry || statement.file !== path || statement.size !== entry.size)
      throw new LessonFileError('changed');
    files.set(signed.url, { path, statement, signed, entry });
  }
  if (urls.some((url) => !files.has(url))) throw new LessonFileError('missing-part');

  // A teacher's own item (a playlist) opens as a copy of their own, made once the file has been
  // checked whole; anything else opens as itself, once per device.
  const ownId = downloadId(userId, plan.kind, plan.contentId);
  if (!plan.ownCopy) await refuseIfHere(ownId);
  // Opened before as a copy of the teacher's own: one copy per file, not one per opening.
  else if (
    (await db.downloads.where('userId').equals(userId).toArray()).some(
      (record) => record.kind === plan.kind && record.planParams?.copiedFrom === plan.contentId,
    )
  )
    throw new LessonFileError('copied-already');
  const missing = new Set(await mediaStillMissing(urls));
  const answerBytes = [...used.values()].reduce((sum, answer) => sum + answer.answer.length, 0);
  const fileBytes = (only: (url: string) => boolean) =>
    urls.filter(only).reduce((sum, url) => sum + files.get(url)!.entry.size, 0);
  const newBytes = answerBytes + fileBytes((url) => missing.has(url));
  const freeBytes = await freeSpace();

  return {
    kind: plan.kind,
    title,
    makesCopy: Boolean(plan.ownCopy),
    totalBytes: answerBytes + fileBytes(() => true),
    newBytes,
    freeBytes,
    fits: freeBytes === null || newBytes <= freeBytes,
    open: async (onProgress = () => undefined) => {
      const toStore = urls.filter((url) => missing.has(url));
      const work = fileBytes(() => true) + fileBytes((url) => missing.has(url)) || 1;
      let done = 0;
      // Every file's bytes are checked before anything is stored.
      for (const url of urls) {
        const checkedFile = files.get(url)!;
        await checkFileBytes(file, checkedFile, (bytes) => onProgress((done += bytes) / work));
      }
      const copy = plan.ownCopy?.(userId);
      const id = copy ? downloadId(userId, plan.kind, copy.contentId) : ownId;
      const kept = [...used.entries()].filter(
        ([, answer]) => !copy?.sourceOnly.includes(answer.statement.operationName ?? ''),
      );
      const record: DownloadRecord = {
        id,
        userId,
        kind: plan.kind,
        contentId: copy?.contentId ?? plan.contentId,
        title: copy?.title ?? title,
        path: copy?.path ?? plan.path,
        status: 'downloading',
        documentKeys: [],
        mediaUrls: urls,
        filesListed: true,
        bytesTotal: answerBytes + fileBytes(() => true),
        bytesDone: 0,
        filesDone: 0,
        planParams: copy?.params ?? plan.params,
        version: copy ? copy.version : plan.version,
        source: 'file',
        updatedAt: Date.now(),
      };
      let ended: DownloadRecord | undefined;
      try {
        // The record is made under the run's lock, never over a download the teacher has (made
        // meanwhile, or under way): that one would be lost.
        ended = await runDownload(
          id,
          async (signal, report) => {
            const documents: StoredDocument[] = kept.map(([key, answer]) => ({
              key,
              userId,
              operationName: answer.statement.operationName!,
              variables: answer.statement.variables!,
              data: answer.data,
              storedAt: Date.parse(answer.statement.at) || Date.now(),
              document: answer.query,
              signed: { answer: answer.answer, ...answer.signed },
            }));
            await db.transaction('rw', db.documents, db.downloads, async () => {
              // Removed from another tab meanwhile: stop, storing nothing more.
              if (!(await db.downloads.get(id))) throw new LessonFileError('not-stored');
              // An answer another download stored more recently stays (shared, as files are): a
              // file saved weeks ago never turns a fresher lesson on this device back.
              const stored = await db.documents.bulkGet(documents.map((doc) => doc.key));
              await db.documents.bulkPut(
                documents.filter((doc, index) => (stored[index]?.storedAt ?? 0) < doc.storedAt),
              );
              await db.downloads.update(id, { documentKeys: documents.map((doc) => doc.key) });
            });
            let filesDone = 0;
            let bytesDone = answerBytes;
            for (const url of urls) {
              signal.throwIfAborted();
              const { entry, signed, path } = files.get(url)!;
              const claimed = !toStore.includes(url) && (await claimStoredFile(url, id)) !== null;
              if (!claimed) {
                // The type the web server gives this name; the manifest's is not signed.
                const type = typeOfStoredFile(path);
                await keepFile(
                  url,
                  id,
                  new Response(await entryBytes(file, entry), {
                    status: 200,
                    headers: {
                      ...(type ? { 'content-type': type } : {}),
                      'content-length': String(entry.size),
                      [STATEMENT_HEADER]: signed.statement,
                      [SIGNATURE_HEADER]: signed.signature,
                      // As the web server serves every stored file: what is not media downloads.
                      ...servedFileHeaders(path, type),
                    },
                  }),
                  entry.size,
                );
                onProgress((done += entry.size) / work);
              }
              filesDone += 1;
              bytesDone += entry.size;
              await report({ filesDone, bytesDone });
            }
            // A teacher's own copy (a playlist) is made last, once everything it shows is
            // stored: a reload before this leaves neither the copy nor its download.
            await copy?.make();
          },
          record,
        );
      } catch (error) {
        // A full device (the download is removed by runDownload), or a download of the same item
        // made meanwhile (left as it is): the copy goes either way.
        await copy?.undo();
        if (error instanceof DownloadExists) await refuseIfHere(id);
        throw error;
      }
      if (ended?.status !== 'complete') {
        await forgetDownload(id);
        // Files stored after another tab removed the record are counted for no download.
        await releaseFiles({ id }, new Set());
        await copy?.undo();
        throw new LessonFileError('not-stored');
      }
      return ended;
    },
  };
}

/** A download record already has this id: opening the file would replace it. */
async function refuseIfHere(id: string): Promise<void> {
  const existing = await db.downloads.get(id);
  if (!existing) return;
  throw new LessonFileError(existing.status === 'complete' ? 'already-here' : 'downloading-here');
}

/** A path of this app: same origin, plain segments (no backslash, tab, dot segment or "//"). */
function isAppPath(path: string): boolean {
  return (
    /^\/[A-Za-z0-9_~.,:;@!$&'()*+=-]+(\/[A-Za-z0-9_~.,:;@!$&'()*+=-]+)*\/?$/.test(path) &&
    !/(^|\/)\.{1,2}(\/|$)/.test(path) &&
    new URL(path, window.location.origin).origin === window.location.origin
  );
}

/** Reads a file's bytes from the lesson file, a chunk at a time, and checks size and SHA-256. */
async function checkFileBytes(file: Blob, checked: CheckedFile, onBytes: (bytes: number) => void) {
  const hash = sha256.create();
  let size = 0;
  await readChunks(await entryBytes(file, checked.entry), (chunk) => {
    hash.update(chunk);
    size += chunk.byteLength;
    onBytes(chunk.byteLength);
  });
  if (size !== checked.statement.size) throw new LessonFileError('truncated');
  if (bytesToHex(hash.digest()) !== checked.statement.answer) throw new LessonFileError('changed');
}
