import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DownloadError } from '../../../src/lib/offline/download-error';
import { fetchAndStoreFile } from '../../../src/lib/offline/media-store';
import { fakeCaches } from '../../support/fake-cache-storage';
import { server } from '../../support/msw';

// A download's failure is shown to the teacher as it is worded (DownloadError): it must be a
// sentence, never a file's address or an HTTP status.

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchAndStoreFile', () => {
  it.each([502, 404, 500, 206])(
    'a file answered %i stops the download in words, without its address or status',
    async (status) => {
      vi.stubGlobal('caches', fakeCaches());
      server.use(
        http.get(
          '*/uploads/card_drum_back_1a2b.png',
          () => new HttpResponse('{"error":{"status":502}}', { status }),
        ),
      );
      const failure = await fetchAndStoreFile(
        '/uploads/card_drum_back_1a2b.png',
        'd1',
        new AbortController().signal,
        async () => undefined,
      ).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(DownloadError);
      const message = (failure as Error).message;
      expect(message).toBe(
        'One of the files could not be fetched from the content service. Try again in a moment.',
      );
      expect(message).not.toMatch(/uploads|\d{3}|\{/);
    },
  );
});
