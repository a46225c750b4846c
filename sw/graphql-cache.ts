import appDocumentHashes from 'virtual:app-graphql-documents';
import { CACHE_NAMES } from '../src/lib/sw-messages';
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
 * Network-first for the app's own GraphQL queries, falling back to the last good answer for the
 * same session, document and variables after 4 s; with no such answer the network gets as long as the page
 * gives it (see network-first.ts). Mutations pass straight through. The session is the request's
 * token itself (its hash), so only a token the CMS has answered can ever be answered from the cache.
 */
export async function handleGraphqlPost(request: Request): Promise<Response> {
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
  return networkFirst(async () => {
    const response = await fetch(request);
    if (response.status === 200) {
      const json: unknown = await response
        .clone()
        .json()
        .catch(() => null);
      if (isStorableAnswer(response.status, json) && !endedSessions.has(partition)) {
        await cache.put(
          key,
          new Response(JSON.stringify(json), {
            headers: {
              'Content-Type': 'application/json',
              'X-Cached-At': new Date().toISOString(),
            },
          }),
        );
        // The session may have ended while this answer was being written (endSession listed the
        // keys before the write finished): it must not outlive the purge.
        if (endedSessions.has(partition)) await cache.delete(key);
      }
    }
    return response;
  }, cached);
}
