import { CACHE_NAMES } from '../src/lib/sw-messages';
import {
  cacheableOperationName,
  graphqlCacheKey,
  isStorableAnswer,
  userCachePrefix,
  userIdFromAuthorization,
  type GraphqlBody,
} from '../src/lib/graphql-cache-key';

/** How long a query waits for the network before the cached answer is used instead. */
const NETWORK_TIMEOUT_MS = 4000;

function timeout(ms: number): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new Error('network timeout')), ms));
}

/**
 * Network-first for GraphQL queries, falling back to the last good answer for the same user,
 * operation and variables. Mutations pass straight through.
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

  const userId = userIdFromAuthorization(request.headers.get('Authorization'));
  const key = await graphqlCacheKey(self.location.origin, userId, operationName, body.variables);
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

/** Removes every cached answer of one user (at logout on a shared school device). */
export async function purgeUserGraphqlCache(userId: string): Promise<void> {
  const cache = await caches.open(CACHE_NAMES.graphql);
  const prefix = userCachePrefix(self.location.origin, userId);
  const keys = await cache.keys();
  await Promise.all(keys.filter((key) => key.url.startsWith(prefix)).map((key) => cache.delete(key)));
}
