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

describe('a file being downloaded', () => {
  it('goes to Cache Storage as it arrives: the page never gathers the whole file first', async () => {
    const device = fakeCaches();
    vi.stubGlobal('caches', device);
    let finish!: () => void;
    const lastChunk = new Promise<void>((resolve) => (finish = resolve));
    server.use(
      http.get('*/uploads/film.mp4', () => {
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(new Uint8Array(1024));
            // The rest of a large film is still on the wire.
            await lastChunk;
            controller.enqueue(new Uint8Array(1024));
            controller.close();
          },
        });
        return new HttpResponse(body, { headers: { 'content-length': '2048' } });
      }),
    );
    const put = vi.fn();
    const open = device.open;
    vi.spyOn(device, 'open').mockImplementation(async (name) => {
      const cache = await open(name);
      return {
        ...cache,
        put: (url: string, response: Response) => {
          put(url);
          return cache.put(url, response);
        },
      };
    });

    const stored = fetchAndStoreFile(
      '/uploads/film.mp4',
      'd1',
      new AbortController().signal,
      async () => undefined,
    );
    await vi.waitFor(() => expect(put).toHaveBeenCalledWith('/uploads/film.mp4'));
    finish();
    expect(await stored).toBe(2048);
    expect(
      (await (await caches.open('media-downloads')).match('/uploads/film.mp4'))!.headers.get(
        'content-length',
      ),
    ).toBe('2048');
  });
});
