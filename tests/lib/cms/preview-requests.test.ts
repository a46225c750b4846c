import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchFromCms, previewHeaders } from '../../../src/lib/cms/graphql-client';
import { writeSession, clearSession } from '../../../src/lib/session/session-storage';
import { NETWORK_ONLY_HEADER, PREVIEW_HEADER } from '../../../src/lib/sw-messages';
import { server } from '../../support/msw';

// An editor's preview is never kept on the device and never mixed with a teacher's session:
// while it is open every GraphQL request carries its token instead of the session's, network-only
// (tests/sw/preview-requests.test.ts: the worker never takes such a request).

afterEach(() => {
  delete previewHeaders[PREVIEW_HEADER];
  delete previewHeaders[NETWORK_ONLY_HEADER];
  clearSession();
});

function capture() {
  const seen: Headers[] = [];
  server.use(
    http.post('*/graphql', ({ request }) => {
      seen.push(request.headers);
      return HttpResponse.json({ data: { home: { title: 'x' } } });
    }),
  );
  return seen;
}

describe('preview requests', () => {
  it("carry the preview's token and not the teacher's session, network-only", async () => {
    writeSession({ user: { id: 1, username: 't', email: 't@x' } as never, token: 'teacher-jwt' });
    previewHeaders[PREVIEW_HEADER] = 'signed.token';
    previewHeaders[NETWORK_ONLY_HEADER] = '1';
    const seen = capture();
    await fetchFromCms('query Home { home { title } }');
    expect(seen[0]!.get(PREVIEW_HEADER)).toBe('signed.token');
    expect(seen[0]!.get(NETWORK_ONLY_HEADER)).toBe('1');
    expect(seen[0]!.get('authorization')).toBeNull();
  });

  it('once the preview closes, requests are the session’s again', async () => {
    writeSession({ user: { id: 1, username: 't', email: 't@x' } as never, token: 'teacher-jwt' });
    const seen = capture();
    await fetchFromCms('query Home { home { title } }');
    expect(seen[0]!.get(PREVIEW_HEADER)).toBeNull();
    expect(seen[0]!.get('authorization')).toBe('Bearer teacher-jwt');
  });
});
