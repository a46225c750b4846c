import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MEDIA_FILE_CSP,
  SERVED_FILE_CSP,
  UPLOAD_REFUSED,
} from '@music-classroom/shared/upload-types';
import { ALLOWED, REFUSED, STORED_HOSTILE, type CorpusFile } from '../../e2e/support/upload-corpus';
import { ADMIN, adminLogIn } from './support/admin-api';
import { bootTestCms } from './support/test-cms';

// An editor's upload must never run script on either origin. The media library stores only
// images, audio, video, PDFs and WebVTT captions, judged by each file's bytes on every way in
// (the admin panel's upload and replace, the content API's /api/upload); every stored file, old
// ones included, is served in a script-free sandbox. Generated over the corpus in
// e2e/support/upload-corpus.ts; e2e/uploads.spec.ts opens the stored ones in Chromium.

const cms = bootTestCms('upload-types');
const EDITOR = { email: 'editor@demo.school', password: 'Editor12345' };

let editor = '';
let apiToken = '';

beforeAll(async () => {
  editor = await adminLogIn(cms.rest, EDITOR);
  const admin = await adminLogIn(cms.rest, ADMIN);
  const created = await cms.rest('/admin/api-tokens', admin, {
    body: { name: 'upload-test', type: 'full-access', lifespan: null },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  apiToken = (created.body as { data: { accessKey: string } }).data.accessKey;
});

interface Stored {
  id: number;
  name: string;
  url: string;
  mime: string;
  ext: string;
}

function form(file: CorpusFile) {
  const body = new FormData();
  body.append(
    'files',
    new Blob([new Uint8Array(file.bytes)], file.declared ? { type: file.declared } : {}),
    file.filename,
  );
  return body;
}

async function upload(path: string, token: string, file: CorpusFile) {
  const response = await fetch(`${cms.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form(file),
  });
  const body = (await response.json()) as Stored[] | Stored | { error: { message: string } };
  return { status: response.status, body };
}

/** Every file in the media library (the admin panel's list), as the admin panel sees it. */
async function library(): Promise<Stored[]> {
  const { body } = await cms.rest('/upload/files?pageSize=500', editor);
  return (Array.isArray(body) ? body : (body as { results: Stored[] }).results) as Stored[];
}

const ROUTES = [
  { name: 'the admin panel (/upload)', path: '/upload', token: () => editor },
  { name: 'the content API (/api/upload)', path: '/api/upload', token: () => apiToken },
];

const refusedMessage = (answer: { status: number; body: unknown }) =>
  answer.status === 400
    ? (answer.body as { error: { message: string } }).error.message
    : `${answer.status} ${JSON.stringify(answer.body)}`;

describe('the media library refuses every file type that could run script', () => {
  for (const route of ROUTES) {
    it(`refuses each hostile file through ${route.name} with a plain reason, storing nothing`, async () => {
      const before = (await library()).length;
      for (const file of REFUSED) {
        const answer = await upload(route.path, route.token(), file);
        expect(refusedMessage(answer), file.label).toMatch(
          new RegExp(
            `^(${escape(UPLOAD_REFUSED)}|This file's name or type does not match what it holds \\(.+\\): name it \\.\\w+ and upload it again\\.)$`,
          ),
        );
      }
      expect((await library()).length).toBe(before);
    });
  }

  it("refuses replacing a stored image with a hostile file (the admin panel's Replace)", async () => {
    const [image] = (await upload('/upload', editor, ALLOWED[0]!)).body as Stored[];
    for (const file of REFUSED) {
      const answer = await upload(`/upload?id=${image!.id}`, editor, file);
      expect(answer.status, file.label).toBe(400);
    }
    const pdf = ALLOWED.find((file) => file.filename.endsWith('.pdf'))!;
    const other = await upload(`/upload?id=${image!.id}`, editor, pdf);
    expect(refusedMessage(other)).toBe(
      'A replacement must be the same type of file as the one it replaces (.png).',
    );
    const kept = (await library()).find((file) => file.id === image!.id)!;
    expect(kept.mime).toBe('image/png');
    // Still the image (Strapi re-encodes images, so its bytes are a PNG, not the upload's).
    const served = await fetch(`${cms.url}${kept.url}`);
    expect(Buffer.from(await served.arrayBuffer()).subarray(0, 8)).toEqual(
      ALLOWED[0]!.bytes.subarray(0, 8),
    );
  });

  it('accepts real media of every kind, stored under the type its bytes show', async () => {
    for (const route of ROUTES) {
      for (const file of ALLOWED) {
        const answer = await upload(route.path, route.token(), file);
        expect(
          answer.status,
          `${file.label} through ${route.name}: ${JSON.stringify(answer.body)}`,
        ).toBe(201);
        const [stored] = answer.body as Stored[];
        expect(stored!.ext, file.label).toBe(`.${file.filename.split('.').pop()}`);
      }
    }
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('every stored file is served in a sandbox on the CMS origin', () => {
  it('files stored now, and old files from before the allow-list, never come with a CSP that lets script run', async () => {
    const stored: { label: string; path: string }[] = [];
    for (const file of STORED_HOSTILE) {
      const answer = await upload('/upload', editor, file);
      expect(answer.status, `${file.label}: ${JSON.stringify(answer.body)}`).toBe(201);
      const [saved] = answer.body as Stored[];
      stored.push({ label: file.label, path: saved!.url });
      // The app's document link (spec part 2) redirects to the same file.
      const link = await fetch(`${cms.url}/documents/${saved!.id}`, { redirect: 'manual' });
      expect(link.status).toBe(302);
      expect(link.headers.get('content-security-policy')).toBe(SERVED_FILE_CSP);
    }
    // Old uploads: written straight into the upload folder, as they were before the allow-list.
    for (const file of REFUSED) {
      const name = `legacy-${file.id}-${file.filename.replace(/[^\w.-]/g, '_')}`;
      writeFileSync(join(cms.dataDir, 'public', 'uploads', name), file.bytes);
      stored.push({ label: `old upload: ${file.label}`, path: `/uploads/${name}` });
    }
    let sandboxed = 0;
    for (const { label, path } of stored) {
      const response = await fetch(`${cms.url}${path}`);
      expect(response.status, label).toBe(200);
      expect(response.headers.get('x-content-type-options'), label).toBe('nosniff');
      const type = response.headers.get('content-type') ?? '';
      const displayable = /^(image\/(png|jpeg|gif|webp|avif)|audio\/|video\/|text\/vtt)/.test(type);
      expect(response.headers.get('content-security-policy'), `${label} (${type})`).toBe(
        displayable ? MEDIA_FILE_CSP : SERVED_FILE_CSP,
      );
      if (!displayable)
        expect(response.headers.get('content-disposition'), `${label} (${type})`).toBe(
          'attachment',
        );
      sandboxed += 1;
    }
    expect(sandboxed).toBe(STORED_HOSTILE.length + REFUSED.length);
  });
});
