// @vitest-environment node
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';

// The admin's preview links last an hour and name one version of one document; anything else opens
// nothing (the CMS answers the app's "invalid" or "expired").

const require = createRequire(import.meta.url);
type Claims = { type: string; documentId: string; status?: string };
let tokens: {
  signPreviewToken: (claims: Claims, now?: number) => string;
  readPreviewToken: (token: unknown, now?: number) => Claims | { error: string };
  LIFETIME_MS: number;
};
let previewUrl: (
  appUrl: string,
  uid: string,
  params: { documentId?: string; status?: string },
) => string | undefined;

beforeAll(() => {
  // A signing secret of the test's own, so no secrets file is written.
  process.env.ADMIN_JWT_SECRET = 'drafts-preview-token-test-secret';
  tokens = require('../../cms/src/preview/preview-token.js');
  ({ previewUrl } = require('../../cms/src/preview/preview-url.js'));
});

describe('preview links', () => {
  it('name the draft of one lesson, activity or programme on the app', () => {
    const url = new URL(
      previewUrl('https://classroom.example', 'api::activity-page.activity-page', {
        documentId: 'abc',
        status: 'draft',
      })!,
    );
    expect(url.origin + url.pathname).toBe('https://classroom.example/preview/activity/abc');
    expect(tokens.readPreviewToken(url.searchParams.get('token'))).toEqual({
      type: 'activity',
      documentId: 'abc',
      status: 'draft',
    });
    expect(
      previewUrl('https://classroom.example', 'api::audience.audience', { documentId: 'abc' }),
    ).toBeUndefined();
  });

  it('stop working after an hour', () => {
    const now = Date.parse('2026-11-24T09:00:00Z');
    const token = tokens.signPreviewToken({ type: 'lesson', documentId: 'abc' }, now);
    expect(tokens.readPreviewToken(token, now + tokens.LIFETIME_MS - 1)).toEqual({
      type: 'lesson',
      documentId: 'abc',
      status: 'draft',
    });
    expect(tokens.readPreviewToken(token, now + tokens.LIFETIME_MS)).toEqual({ error: 'expired' });
  });

  it('cannot be altered to open another document or made up', () => {
    const token = tokens.signPreviewToken({ type: 'lesson', documentId: 'abc' });
    const [, signature] = token.split('.');
    const other = Buffer.from(
      JSON.stringify({
        type: 'lesson',
        documentId: 'xyz',
        status: 'draft',
        expires: Date.now() + 60_000,
      }),
    ).toString('base64url');
    for (const bad of [
      `${other}.${signature}`,
      `${token}.extra`,
      token.slice(0, -1),
      '',
      'a.b',
      null,
    ]) {
      expect(tokens.readPreviewToken(bad)).toEqual({ error: 'invalid' });
    }
  });
});
