/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  getCacheKeyForURL,
  matchPrecache,
  precacheAndRoute,
} from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CMS_UNREACHABLE_HEADER, type PageToWorkerMessage } from '../src/lib/sw-messages';
import { endSession, handleGraphqlPost, takesGraphqlRequest } from './graphql-cache';
import { handleMediaRequest, isMediaRequest } from './media';
import { isAppNavigation, isPreviewNavigation } from './navigation';
import { fromPreviewPage, pageOf } from './preview-requests';
import { forgetSnapshots, snapshotPage } from './snapshots';

declare const self: ServiceWorkerGlobalScope;

// '/' is not answered as the precached index.html here: home goes through the app's navigation
// route below, which may paint its snapshot.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();

// Every app route is answered with the precached shell, so deep links open offline; a downloaded
// lesson's first slide and a page a teacher opens offline come with their snapshot painted in
// (snapshots.ts).
const shell = createHandlerBoundToURL('index.html');
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isAppNavigation(url),
  async (options) => {
    const stylesheet = async (href: string) => (await matchPrecache(href))?.text() ?? null;
    const shellKey = getCacheKeyForURL('/index.html') ?? '';
    const snapshot = await snapshotPage(
      options.url,
      () => shell(options),
      shellKey,
      stylesheet,
    ).catch(() => null);
    return snapshot ?? shell(options);
  },
);

// A draft preview comes from the server, whose headers let the CMS admin's preview pane frame it
// (the shell's do not); only with no network does the shell stand in, to say so.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isPreviewNavigation(url),
  async (options) => {
    try {
      return await fetch(options.request);
    } catch {
      return shell(options);
    }
  },
);

registerRoute(
  ({ request }) => takesGraphqlRequest(request),
  ({ request, event }) => handleGraphqlPost(request, pageOf(event as FetchEvent)),
  'POST',
);

registerRoute(
  ({ url }) => isMediaRequest(url),
  async ({ request, event }) =>
    (await fromPreviewPage(event as FetchEvent))
      ? fetch(request)
      : handleMediaRequest(request, event as ExtendableEvent),
);

// Every request the worker takes gets an answer: one it could not fetch (offline, or its page went
// away) is a 503 marked unreachable, which the page reads as a failed fetch (sw-messages.ts).
setCatchHandler(async ({ request }) => {
  const headers = { [CMS_UNREACHABLE_HEADER]: '1', 'Content-Type': 'application/json' };
  const body =
    new URL(request.url).pathname === '/graphql'
      ? JSON.stringify({ errors: [{ message: 'The content service could not be reached' }] })
      : null;
  return new Response(body, { status: 503, statusText: 'Unreachable', headers });
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as PageToWorkerMessage;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  // A page the worker does not control yet asks to be taken over (see registerServiceWorker).
  if (message?.type === 'CLAIM') event.waitUntil(self.clients.claim());
  if (message?.type === 'SESSION_ENDED' && typeof message.partition === 'string')
    event.waitUntil(Promise.all([endSession(message.partition), forgetSnapshots()]));
});

// A new worker waits for the teacher's say-so (SKIP_WAITING); once active it takes the open
// pages at once, so a first visit is controlled without a reload.
clientsClaim();
