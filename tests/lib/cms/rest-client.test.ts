import { afterEach, describe, expect, it, vi } from 'vitest';
import { postCms } from '../../../src/lib/cms/rest-client';
import { CMS_REQUEST_TIMEOUT_MS } from '../../../src/lib/cms/request-timeout';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('postCms', () => {
  it('gives up on a CMS that never answers after the request limit, as a 408 the sync retries', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
          ),
      ),
    );
    const answer = postCms('/api/playlist-sync', { operations: [] }, { withToken: true });
    const settled = expect(answer).rejects.toMatchObject({
      status: 408,
      message: 'The content service did not answer in time',
    });
    await vi.advanceTimersByTimeAsync(CMS_REQUEST_TIMEOUT_MS);
    await settled;
  });

  it('says the CMS could not be reached when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(postCms('/api/auth/local', {})).rejects.toMatchObject({
      status: 0,
      message: 'The content service could not be reached',
    });
  });
});
