import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postCms } from '../../../src/lib/cms/rest-client';
import { CMS_REQUEST_TIMEOUT_MS } from '../../../src/lib/cms/request-timeout';
import { neverAnswers, server } from '../../support/msw';

afterEach(() => {
  vi.useRealTimers();
});

describe('postCms', () => {
  it('gives up on a CMS that never answers after the request limit, as a 408 the sync retries', async () => {
    vi.useFakeTimers();
    server.use(http.post('*/api/playlist-sync', ({ request }) => neverAnswers(request)));
    const answer = postCms('/api/playlist-sync', { operations: [] }, { withToken: true });
    const settled = expect(answer).rejects.toMatchObject({
      status: 408,
      message: 'The content service did not answer in time',
    });
    await vi.advanceTimersByTimeAsync(CMS_REQUEST_TIMEOUT_MS);
    await settled;
  });

  it('says the CMS could not be reached when the network fails', async () => {
    server.use(http.post('*/api/auth/local', () => HttpResponse.error()));
    await expect(postCms('/api/auth/local', {})).rejects.toMatchObject({
      status: 0,
      message: 'The content service could not be reached',
    });
  });
});
