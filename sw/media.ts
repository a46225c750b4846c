import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { CacheFirst } from 'workbox-strategies';
import { CACHE_NAMES, MEDIA_DOWNLOAD_HEADER } from '../src/lib/sw-messages';

export function isMediaRequest(url: URL): boolean {
  return url.origin === self.location.origin && url.pathname.startsWith('/uploads/');
}

/**
 * Media seen while browsing: cache-first, whole files only (never 206 partials), with range
 * requests answered from the whole file so audio and video can seek offline. This cache is
 * opportunistic and bounded; downloaded lessons keep their media in a cache it never evicts.
 */
const runtimeMediaStrategy = new CacheFirst({
  cacheName: CACHE_NAMES.mediaRuntime,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new RangeRequestsPlugin(),
    new ExpirationPlugin({
      maxEntries: 150,
      maxAgeSeconds: 30 * 24 * 60 * 60,
      purgeOnQuotaError: true,
    }),
  ],
});

/** Downloaded media first (stable cache), then the runtime cache and the network. */
export async function handleMediaRequest(
  request: Request,
  event: ExtendableEvent,
): Promise<Response> {
  const downloaded = await caches.open(CACHE_NAMES.mediaDownloads);
  const whole = await downloaded.match(request.url);
  if (whole) {
    const range = request.headers.get('range');
    if (!range) return whole;
    const { createPartialResponse } = await import('workbox-range-requests');
    return createPartialResponse(request, whole);
  }
  // The download manager stores the file itself; a second copy in the runtime cache would only
  // take space (and count twice against the quota).
  if (request.headers.has(MEDIA_DOWNLOAD_HEADER)) return fetch(request);
  return runtimeMediaStrategy.handle({ request, event });
}
