import { LessonFileError } from './lesson-file-error';

/**
 * Reads a ZIP's central directory from a Blob (a File the teacher chose): each entry's name, size
 * and where its bytes are, without reading the bytes. A File reads any part at any time, so a
 * 500 MB lesson is never held in memory, and an entry whose bytes lie past the end of the file
 * shows the file is truncated. Only what lesson files use is read: stored (uncompressed) entries,
 * without ZIP64 (so a lesson file holds at most 4 GB).
 */

export interface ZipEntry {
  name: string;
  /** Where the entry's local header starts. */
  headerAt: number;
  size: number;
}

/** The ZIP records' signatures (PKWARE's APPNOTE), shared with ./zip-writer.ts. */
export const END_OF_DIRECTORY = 0x06054b50;
export const DIRECTORY_ENTRY = 0x02014b50;
export const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
/** The end record (22 bytes) may be followed by a comment of up to 65,535 bytes. */
const END_SEARCH = 22 + 0xffff;

async function bytesOf(file: Blob, start: number, end: number): Promise<DataView> {
  return new DataView(await file.slice(start, end).arrayBuffer());
}

/** Why a file without a whole directory failed: a ZIP's beginning means it was cut short. */
async function notWhole(file: Blob): Promise<LessonFileError> {
  if (file.size >= 4 && (await bytesOf(file, 0, 4)).getUint32(0, true) === LOCAL_HEADER)
    return new LessonFileError('truncated');
  return new LessonFileError('not-a-lesson-file');
}

export async function readZipDirectory(file: Blob): Promise<Map<string, ZipEntry>> {
  const tailStart = Math.max(0, file.size - END_SEARCH);
  const tail = await bytesOf(file, tailStart, file.size);
  let end = -1;
  for (let at = tail.byteLength - 22; at >= 0; at -= 1)
    if (tail.getUint32(at, true) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  if (end < 0) throw await notWhole(file);
  const count = tail.getUint16(end + 10, true);
  const directorySize = tail.getUint32(end + 12, true);
  const directoryAt = tail.getUint32(end + 16, true);
  if (directoryAt + directorySize > tailStart + end) throw await notWhole(file);
  const directory = await bytesOf(file, directoryAt, directoryAt + directorySize);
  const entries = new Map<string, ZipEntry>();
  const names = new TextDecoder();
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > directory.byteLength || directory.getUint32(at, true) !== DIRECTORY_ENTRY)
      throw new LessonFileError('changed');
    const method = directory.getUint16(at + 10, true);
    const storedSize = directory.getUint32(at + 20, true);
    const size = directory.getUint32(at + 24, true);
    const nameLength = directory.getUint16(at + 28, true);
    const extraLength = directory.getUint16(at + 30, true);
    const commentLength = directory.getUint16(at + 32, true);
    const headerAt = directory.getUint32(at + 42, true);
    const name = names.decode(
      new Uint8Array(directory.buffer, directory.byteOffset + at + 46, nameLength),
    );
    if (method !== STORED || storedSize !== size) throw new LessonFileError('not-a-lesson-file');
    if (headerAt + 30 + size > directoryAt) throw new LessonFileError('changed');
    entries.set(name, { name, headerAt, size });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The entry's bytes as a part of the file (nothing is read until the part is). */
export async function entryBytes(file: Blob, entry: ZipEntry): Promise<Blob> {
  const header = await bytesOf(file, entry.headerAt, entry.headerAt + 30);
  if (header.byteLength < 30 || header.getUint32(0, true) !== LOCAL_HEADER)
    throw new LessonFileError('changed');
  const start = entry.headerAt + 30 + header.getUint16(26, true) + header.getUint16(28, true);
  if (start + entry.size > file.size) throw new LessonFileError('truncated');
  return file.slice(start, start + entry.size);
}
