import { LessonFileError } from './lesson-file-error';
import { readChunks } from './read-chunks';
import { DIRECTORY_ENTRY, END_OF_DIRECTORY, LOCAL_HEADER } from './zip-directory';

/**
 * Writes a ZIP of stored (uncompressed) entries as a Blob of Blobs: each entry's bytes are the
 * Blob given (a file Cache Storage holds, read from disk when the browser saves the file), with
 * small headers between them, so a lesson's films never pass through the page nor are copied in
 * memory. Streaming ZIP libraries (fflate, client-zip, zip.js) all take the bytes through
 * JavaScript and hand back new ones, which for a 200 MB lesson meant 200 MB more of the
 * browser's memory. Each entry's CRC-32 is read first, a chunk at a time. No ZIP64: at most
 * 4 GB, and 65,535 entries.
 */

export interface ZipInput {
  name: string;
  data: Blob;
}

/** Bit 11: names are UTF-8. */
const UTF8_NAMES = 0x0800;
const VERSION = 20;
const LIMIT = 0xffffffff;

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, byte) => {
  let value = byte;
  for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
  return value >>> 0;
});

/** CRC-32 (ZIP's) of a Blob, read a chunk at a time; `onBytes` hears each chunk's size. */
export async function crc32Of(data: Blob, onBytes: (bytes: number) => void = () => undefined) {
  let crc = 0xffffffff;
  await readChunks(data, (bytes) => {
    for (let index = 0; index < bytes.length; index += 1)
      crc = CRC_TABLE[(crc ^ bytes[index]!) & 0xff]! ^ (crc >>> 8);
    onBytes(bytes.length);
  });
  return (crc ^ 0xffffffff) >>> 0;
}

/** MS-DOS time and date, as ZIP keeps them. */
function dosTime(at: Date): [number, number] {
  return [
    (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1),
    ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  ];
}

/** A header: its fixed fields (little-endian, each [bytes, value]), then the name. */
function header(fields: [2 | 4, number][], name: Uint8Array): Uint8Array<ArrayBuffer> {
  const size = fields.reduce((sum, [bytes]) => sum + bytes, 0);
  const out = new Uint8Array(size + name.length);
  const view = new DataView(out.buffer);
  let at = 0;
  for (const [bytes, value] of fields) {
    if (bytes === 2) view.setUint16(at, value, true);
    else view.setUint32(at, value, true);
    at += bytes;
  }
  out.set(name, at);
  return out;
}

/**
 * The ZIP of `entries`, in order; `onBytes` hears the bytes read for the CRCs. The entries' Blobs
 * are referenced, not copied.
 */
export async function zipOf(
  entries: ZipInput[],
  at: Date,
  onBytes: (bytes: number) => void = () => undefined,
): Promise<Blob> {
  const [time, date] = dosTime(at);
  const parts: BlobPart[] = [];
  const directory: Uint8Array<ArrayBuffer>[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const crc = await crc32Of(data, onBytes);
    const encoded = new TextEncoder().encode(name);
    const common: [2 | 4, number][] = [
      [2, VERSION],
      [2, UTF8_NAMES],
      [2, 0],
      [2, time],
      [2, date],
      [4, crc],
      [4, data.size],
      [4, data.size],
      [2, encoded.length],
      [2, 0],
    ];
    const local = header([[4, LOCAL_HEADER], ...common], encoded);
    directory.push(
      header(
        [
          [4, DIRECTORY_ENTRY],
          [2, VERSION],
          ...common,
          [2, 0],
          [2, 0],
          [2, 0],
          [4, 0],
          [4, offset],
        ],
        encoded,
      ),
    );
    parts.push(local, data);
    offset += local.length + data.size;
    if (offset > LIMIT) throw new LessonFileError('too-large');
  }
  const directorySize = directory.reduce((sum, entry) => sum + entry.length, 0);
  if (entries.length > 0xffff || offset + directorySize > LIMIT)
    throw new LessonFileError('too-large');
  const end = header(
    [
      [4, END_OF_DIRECTORY],
      [2, 0],
      [2, 0],
      [2, entries.length],
      [2, entries.length],
      [4, directorySize],
      [4, offset],
      [2, 0],
    ],
    new Uint8Array(0),
  );
  return new Blob([...parts, ...directory, end]);
}
