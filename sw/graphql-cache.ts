import { CACHE_NAMES } from '../src/lib/sw-messages';
import {
  cacheableOperationName,
  graphqlCacheKey,
  isStorableAnswer,
  partitionOfAuthorization,
  type GraphqlBody,
} from '../src/lib/graphql-cache-key';
import { networkFirst } from './network-first';

/**
 * Network-first for GraphQL queries, falling back to the last good answer for the same session,
 * operation and variables after 4 s; with no such answer the network gets as long as the page
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

  const partition = await partitionOfAuthorization(request.headers.get('Authorization'));
  const key = await graphqlCacheKey(self.location.origin, partition, operationName, body.variables);
  const cache = await caches.open(CACHE_NAMES.graphql);

  const cached = await cache.match(key);
  return networkFirst(async () => {
    const response = await fetch(request);
    if (response.status === 200) {
      const json: unknown = await response.clone().json().catch(() => null);
      if (isStorableAnswer(response.status, json)) {
        await cache.put(key, new Response(JSON.stringify(json), {
          headers: { 'Content-Type': 'application/json', 'X-Cached-At': new Date().toISOString() },
        }));
      }
    }
    return response;
  }, cached);
}
