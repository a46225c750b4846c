import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fetchFromCms } from '../../../src/lib/cms/graphql-client';
import { CmsError } from '../../../src/lib/cms/errors';
import { CMS_UNREACHABLE_HEADER } from '../../../src/lib/sw-messages';
import { server } from '../../support/msw';

// The worker answers a request it could not fetch with a 503 marked unreachable (never a rejected
// answer, which Firefox reports as an error in the page): the page reads it exactly as a fetch
// that failed, so it says "offline" or "could not be reached", never "the service had a problem".

describe("the worker's 'unreachable' answer", () => {
  it('is a network failure to the page', async () => {
    server.use(
      http.post('*/graphql', () =>
        HttpResponse.json(
          { errors: [{ message: 'The content service could not be reached' }] },
          { status: 503, headers: { [CMS_UNREACHABLE_HEADER]: '1' } },
        ),
      ),
    );
    const failure = await fetchFromCms('query Home { home { title } }').catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(CmsError);
    expect((failure as CmsError).isNetworkError).toBe(true);
  });

  it('a 503 from the CMS itself stays a CMS error', async () => {
    server.use(
      http.post('*/graphql', () =>
        HttpResponse.json({ errors: [{ message: 'Maintenance' }] }, { status: 503 }),
      ),
    );
    const failure = await fetchFromCms('query Home { home { title } }').catch(
      (error: unknown) => error,
    );
    expect((failure as CmsError).status).toBe(503);
  });
});
