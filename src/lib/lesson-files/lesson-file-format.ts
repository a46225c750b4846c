import type { DownloadRecord } from '../db/database';
import { LessonFileError } from './lesson-file-error';
import type { Signed } from './signing';

/**
 * A lesson file: a ZIP of stored (uncompressed) entries, its manifest first. Documented for
 * people in docs/lesson-files.md.
 *
 * - `lesson-file.json`: the manifest below.
 * - `answers/{n}.json`: a CMS answer's bytes as the CMS sent them; `answers/{n}.graphql`: the
 *   query it answers.
 * - `files/{n}`: a media file's bytes.
 *
 * Every answer and file comes with the CMS's statement and signature, which name its SHA-256:
 * the manifest itself is not signed, and nothing in it is trusted that a statement does not say.
 */
export const MANIFEST_ENTRY = 'lesson-file.json';
export const FORMAT = 'music-classroom-lesson-file';
export const FORMAT_VERSION = 1;
export const FILE_EXTENSION = '.mclesson';
export const FILE_TYPE = 'application/vnd.music-classroom.lesson+zip';

export interface ManifestAnswer extends Signed {
  entry: string;
  query: string;
}

export interface ManifestFile extends Signed {
  entry: string;
  /** The address the app stores and asks for the file by. */
  url: string;
  type: string | null;
}

export interface LessonFileManifest {
  format: typeof FORMAT;
  version: number;
  savedAt: string;
  /** What it is, to rebuild its download plan: checked against the signed answers it holds. */
  item: Pick<DownloadRecord, 'kind' | 'title' | 'path'> & {
    params: Record<string, string | string[]>;
  };
  answers: ManifestAnswer[];
  files: ManifestFile[];
}

const KINDS = new Set(['lesson', 'unit', 'playlist', 'audio-page']);
const isText = (value: unknown): value is string => typeof value === 'string';
const isSigned = (value: Record<string, unknown>) =>
  isText(value.entry) && isText(value.statement) && isText(value.signature);

/** The manifest's shape, checked before anything in it is used. */
export function parseManifest(text: string): LessonFileManifest {
  let manifest: LessonFileManifest;
  try {
    manifest = JSON.parse(text) as LessonFileManifest;
  } catch {
    throw new LessonFileError('not-a-lesson-file');
  }
  if (manifest?.format !== FORMAT) throw new LessonFileError('not-a-lesson-file');
  if (manifest.version !== FORMAT_VERSION) throw new LessonFileError('newer');
  const { item, answers, files } = manifest;
  const valid =
    item &&
    KINDS.has(item.kind) &&
    isText(item.title) &&
    isText(item.path) &&
    /^\/(?!\/)/.test(item.path) &&
    item.params &&
    typeof item.params === 'object' &&
    Array.isArray(answers) &&
    answers.every((answer) => isSigned(answer as never) && isText(answer.query)) &&
    Array.isArray(files) &&
    files.every((file) => isSigned(file as never) && isText(file.url));
  if (!valid) throw new LessonFileError('changed');
  return manifest;
}
