import { unzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { crc32Of, zipOf } from '../../../src/lib/lesson-files/zip-writer';
import { entryBytes, readZipDirectory } from '../../../src/lib/lesson-files/zip-directory';

// A lesson file is a ZIP any tool reads: fflate's reader (a maintained one, not ours) finds every
// entry with its bytes, and each CRC-32 is the one zlib computes.

describe('the lesson file ZIP', () => {
  // Reads a few MB through two ZIP readers: past Vitest's 5 s on a loaded machine.
  it('is read by another ZIP reader and by ours, every entry whole, names in UTF-8', async () => {
    // jsdom's Blob reads neither slices nor streams; the one Node's fetch makes does.
    vi.stubGlobal('Blob', (await new Response('').blob()).constructor);
    const film = new Uint8Array(300_000).map((_, index) => (index * 7919) % 251);
    const entries = [
      { name: 'lesson-file.json', data: new Blob(['{"format":"x"}']) },
      { name: 'answers/0.json', data: new Blob(['{"data":{"title":"Día de Muertos ♪"}}']) },
      { name: 'files/0', data: new Blob([film]) },
      { name: 'files/1', data: new Blob([]) },
    ];
    const file = await zipOf(entries, new Date(2026, 10, 27, 22, 50, 8));
    const bytes = new Uint8Array(await file.arrayBuffer());

    const other = unzipSync(bytes);
    expect(Object.keys(other)).toEqual(entries.map((entry) => entry.name));
    expect(other['files/0']).toEqual(film);
    expect(new TextDecoder().decode(other['answers/0.json'])).toContain('Día de Muertos ♪');

    const directory = await readZipDirectory(file);
    for (const entry of entries) {
      const ours = await entryBytes(file, directory.get(entry.name)!);
      expect(new Uint8Array(await ours.arrayBuffer())).toEqual(
        new Uint8Array(await entry.data.arrayBuffer()),
      );
    }
    vi.unstubAllGlobals();
  }, 30_000);

  it("computes each entry's CRC-32 as zlib does", async () => {
    vi.stubGlobal('Blob', (await new Response('').blob()).constructor);
    // Node's own zlib (a specifier TypeScript does not resolve: this project has no Node types).
    const zlib = (await import('node:zlib' as string)) as { crc32: (data: Uint8Array) => number };
    for (const data of [
      new Uint8Array(0),
      new TextEncoder().encode('123456789'),
      new Uint8Array(70_000).fill(255),
    ])
      expect(await crc32Of(new Blob([data]))).toBe(zlib.crc32(data));
    vi.unstubAllGlobals();
  });
});
