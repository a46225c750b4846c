// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  admitUpload,
  MEDIA_FILE_CSP,
  SERVED_FILE_CSP,
  servedFileHeaders,
  sniffedMime,
  UPLOAD_REFUSED,
  UPLOAD_TYPES,
} from '@music-classroom/shared/upload-types';
import { ALLOWED, REFUSED, STORED_HOSTILE, type CorpusFile } from '../../e2e/support/upload-corpus';

// The upload allow-list's rule on its own, over the same corpus the CMS test uploads: what each
// file's bytes sniff as (file-type, as the CMS runs it) decides, never its name or declared type.

async function verdict(file: CorpusFile, keepExt?: string) {
  const { fileTypeFromBuffer } = (await import('../../cms/node_modules/file-type/index.js')) as {
    fileTypeFromBuffer: (bytes: Uint8Array) => Promise<{ mime: string } | undefined>;
  };
  const found = await fileTypeFromBuffer(new Uint8Array(file.bytes));
  return admitUpload({
    sniffed: sniffedMime(found?.mime, new Uint8Array(file.bytes.subarray(0, 64))),
    filename: file.filename,
    declared: file.declared,
    keepExt,
  });
}

describe('the upload allow-list', () => {
  it.each(REFUSED.map((file) => [file.label, file] as const))(
    'refuses %s',
    async (_label, file) => {
      const answer = await verdict(file);
      expect(answer.ok).toBe(false);
    },
  );

  it.each([...ALLOWED, ...STORED_HOSTILE].map((file) => [file.label, file] as const))(
    'stores %s under its sniffed type',
    async (_label, file) => {
      const answer = await verdict(file);
      expect(answer).toMatchObject({ ok: true });
      if (!answer.ok) return;
      const type = UPLOAD_TYPES.find((entry) => entry.mime === answer.mime)!;
      expect(type.exts).toContain(answer.filename.split('.').pop());
    },
  );

  it('names a refused type plainly, and a mismatch by what the file holds', async () => {
    expect(await verdict(REFUSED.find((file) => file.filename === 'hostile.html')!)).toEqual({
      ok: false,
      message: UPLOAD_REFUSED,
    });
    const renamed = await verdict(REFUSED.find((file) => file.filename === 'photo.html')!);
    expect(renamed).toEqual({
      ok: false,
      message:
        "This file's name or type does not match what it holds (a PNG image): name it .png and upload it again.",
    });
  });

  it("gives a file with no extension its sniffed type's, and keeps a replaced file's type", async () => {
    const png = ALLOWED.find((file) => file.filename === 'allowed.png')!;
    expect(await verdict({ ...png, filename: 'photo', declared: '' })).toEqual({
      ok: true,
      mime: 'image/png',
      filename: 'photo.png',
    });
    expect(await verdict(png, '.png')).toMatchObject({ ok: true });
    expect(await verdict(png, '.pdf')).toEqual({
      ok: false,
      message: 'A replacement must be the same type of file as the one it replaces (.pdf).',
    });
  });
});

describe('served-file headers', () => {
  const media = { 'Content-Security-Policy': MEDIA_FILE_CSP, 'X-Content-Type-Options': 'nosniff' };
  const download = {
    'Content-Security-Policy': SERVED_FILE_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': 'attachment',
  };
  it('never lets script run, nor loads anything but the file itself', () => {
    for (const policy of [MEDIA_FILE_CSP, SERVED_FILE_CSP]) {
      expect(policy).toMatch(
        /^sandbox( allow-same-origin)?; default-src 'none'(; img-src 'self'; media-src 'self')?$/,
      );
    }
  });
  it.each([
    '/uploads/a_1.png',
    '/uploads/b.JPG',
    '/uploads/c.mp3',
    '/uploads/d.wav',
    '/uploads/e.mp4',
    '/uploads/f.webm',
    '/uploads/g.vtt',
  ])('shows displayable media in a sandbox: %s', (path) => {
    expect(servedFileHeaders(path)).toEqual(media);
  });
  it('downloads a file named like media but sent as something else', () => {
    expect(servedFileHeaders('/uploads/a.png', 'text/html')).toEqual(download);
    expect(servedFileHeaders('/uploads/a.vtt', 'text/vtt; charset=utf-8')).toEqual(media);
  });
  it.each([
    '/uploads/a.pdf',
    '/uploads/old.html',
    '/uploads/old.svg',
    '/uploads/x.xml',
    '/uploads/x.js',
    '/uploads/noext',
    '/uploads/x.png%2F..%2Fy.html',
    '/uploads/%E0%A4%A',
    '/documents/12',
    '/documents/abc.png',
  ])('downloads anything else: %s', (path) => {
    expect(servedFileHeaders(path)).toEqual(download);
  });
});
