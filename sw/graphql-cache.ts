import appDocumentHashes from 'virtual:app-graphql-documents';
import {
  ANSWER_PAGE_HEADER,
  CACHE_NAMES,
  NETWORK_ONLY_HEADER,
  PREVIEW_HEADER,
  type WorkerToPageMessage,
} from '../src/lib/sw-messages';
import {
  ANONYMOUS_PARTITION,
  cacheableOperationName,
  deleteCachedAnswers,
  graphqlCacheKey,
  hashDocument,
  isStorableAnswer,
  partitionOfAuthorization,
  type GraphqlBody,
} from '../src/lib/graphql-cache-key';
import { networkFirst } from './network-first';
import { forgetPageSnapshots } from './snapshots';

declare const self: ServiceWorkerGlobalScope;

/**
 * The hashes of the documents the app sends, listed from its source at build time
 * (scripts/app-graphql-documents.mjs). Any other text is never stored nor answered from the
 * cache: a page script could otherwise post the app's operation name with its own selection
 * (an alias in place of the menu) and leave that answer for every later user of the device.
 */
const APP_DOCUMENTS: ReadonlySet<string> = new Set(appDocumentHashes);

/**
 * Sessions a page has ended (Log Out, a 401) while this worker runs. An answer still on its way
 * for one (a background check that was in flight when the teacher logged out) must not land in
 * the cache after the page's purge: on a shared school device the next person would find the
 * teacher's answers there. Memory is enough: a worker that stops takes its unfinished fetches
 * with it.
 */
const endedSessions = new Set<string>();

/** The page ended this session: nothing more is kept for it, and what is kept goes now. */
export async function endSession(partition: string): Promise<void> {
  if (partition === ANONYMOUS_PARTITION) return;
  endedSessions.add(partition);
  await deleteCachedAnswers((stored) => stored === partition);
}

/**
 * The GraphQL requests the worker takes: every POST to /graphql but those marked network-only (a
 * download, an update, a freshness check), which must know when the network did not answer and
 * never read a fallback, and an editor's preview; the browser sends them itself.
 */
export function takesGraphqlRequest(request: Request): boolean {
  return (
    request.method === 'POST' &&
    new URL(request.url).pathname === '/graphql' &&
    !request.headers.has(NETWORK_ONLY_HEADER) &&
    // An editor's preview is never kept on a device.
    !request.headers.has(PREVIEW_HEADER)
  );
}

/**
 * Network-first for the app's own GraphQL queries, falling back to the last good answer for the
 * same session, document and variables after 4 s; with no such answer the network gets as long as
 * the page gives it (see network-first.ts). Mutations pass straight through. The session is the request's token itself (its hash), so
 * only a token the CMS has answered can ever be answered from the cache.
 */
export async function handleGraphqlPost(
  request: Request,
  page: Promise<string | null> = Promise.resolve(null),
): Promise<Response> {
  let body: GraphqlBody;
  try {
    body = (await request.clone().json()) as GraphqlBody;
  } catch {
    return fetch(request);
  }
  const operationName = cacheableOperationName(body);
  if (!operationName) return fetch(request);
  const documentHash = await hashDocument(body.query as string);
  if (!APP_DOCUMENTS.has(documentHash)) return fetch(request);

  const partition = await partitionOfAuthorization(request.headers.get('Authorization'));
  const key = await graphqlCacheKey(
    self.location.origin,
    partition,
    operationName,
    body.variables,
    documentHash,
  );
  const cache = await caches.open(CACHE_NAMES.graphql);

  const cached = await cache.match(key);
  // Only the network is raced against the fallback: the worker's own write comes after, so a slow
  // or failing write (a full device) never turns a fresh answer into the stale one.
  const response = await networkFirst(() => fetch(request), cached);
  if (response !== cached && response.status === 200) {
    await keepAnswer(cache, key, partition, response.clone(), await page, cached).catch(
      reportStorageFull,
    );
  }
  return response;
}

async function keepAnswer(
  cache: Cache,
  key: string,
  partition: string,
  response: Response,
  page: string | null,
  held: Response | undefined,
) {
  const json: unknown = await response.json().catch(() => null);
  if (!isStorableAnswer(response.status, json) || endedSessions.has(partition)) return;
  const body = JSON.stringify(json);
  // A page painted before the app runs may have been drawn from the answer held until now: if
  // this one differs, every page snapshot goes (src/lib/offline/page-snapshot.ts).
  if (held && (await held.text().catch(() => null)) !== body) await forgetPageSnapshots();
  const headers = new Headers({
    'Content-Type': 'application/json',
    'X-Cached-At': new Date().toISOString(),
  });
  if (page) headers.set(ANSWER_PAGE_HEADER, page);
  await cache.put(key, new Response(body, { headers }));
  // The session may have ended while this answer was being written (endSession listed the keys
  // before the write finished): it must not outlive the purge.
  if (endedSessions.has(partition)) await cache.delete(key);
}

/** A write the device had no room for is said to the pages (which say the device is full), never hidden. */
async function reportStorageFull(error: unknown) {
  const quota =
    error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22);
  if (!quota) throw error;
  const message: WorkerToPageMessage = { type: 'STORAGE_FULL', store: 'graphql' };
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message);
}
