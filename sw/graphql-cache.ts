import { CACHE_NAMES } from '../src/lib/sw-messages';
import {
  cacheableOperationName,
  graphqlCacheKey,
  isStorableAnswer,
  partitionOfAuthorization,
  type GraphqlBody,
} from '../src/lib/graphql-cache-key';

/** How long a query waits for the network before the cached answer is used instead. */
const NETWORK_TIMEOUT_MS = 4000;

function timeout(ms: number): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new Error('network timeout')), ms));
}

/**
 * Network-first for GraphQL queries, falling back to the last good answer for the same session,
 * operation and variables. Mutations pass straight through. The session is the request's token
 * itself (its hash), so only a token the CMS has answered can ever be answered from the cache.
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

  try {
    const response = await Promise.race([fetch(request), timeout(NETWORK_TIMEOUT_MS)]);
    if (response.status === 200) {
      const copy = response.clone();
      const json: unknown = await copy.json().catch(() => null);
      if (isStorableAnswer(response.status, json)) {
        await cache.put(key, new Response(JSON.stringify(json), {
          headers: { 'Content-Type': 'application/json', 'X-Cached-At': new Date().toISOString() },
        }));
      }
    }
    return response;
  } catch (error) {
    const cached = await cache.match(key);
    if (cached) return cached;
    throw error;
  }
}
