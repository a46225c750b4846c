/**
 * Pure helpers for caching GraphQL queries. The Cache API matches on URL and method only, so a
 * POST body cannot be a key as it is: each query gets a synthetic GET key
 * `/__gql/{userId}/{operationName}?v={hash of variables}`, partitioned per user.
 */
export interface GraphqlBody {
  query?: unknown;
  operationName?: unknown;
  variables?: unknown;
}

/** Sorted-key JSON, so `{a,b}` and `{b,a}` hash the same. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${stableStringify(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export async function hashVariables(variables: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(stableStringify(variables ?? {}));
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest).slice(0, 12), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * The user id from a bearer JWT's `id` claim, used only to partition the cache (the CMS still
 * checks the token). Anything unreadable counts as anonymous.
 */
export function userIdFromAuthorization(header: string | null): string {
  const token = header?.match(/^Bearer\s+(.+)$/i)?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return 'anon';
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const id = (JSON.parse(json) as { id?: unknown }).id;
    return typeof id === 'number' || typeof id === 'string' ? String(id) : 'anon';
  } catch {
    return 'anon';
  }
}

/** Only named queries are cached; mutations and anonymous documents always go to the network. */
export function cacheableOperationName(body: GraphqlBody): string | null {
  if (typeof body.query !== 'string' || typeof body.operationName !== 'string') return null;
  const withoutComments = body.query.replace(/#[^\n]*/g, '');
  const operation = new RegExp(`\\b(query|mutation|subscription)\\s+${body.operationName}\\b`).exec(
    withoutComments,
  );
  return operation?.[1] === 'query' ? body.operationName : null;
}

export async function graphqlCacheKey(
  origin: string,
  userId: string,
  operationName: string,
  variables: unknown,
): Promise<string> {
  const hash = await hashVariables(variables);
  return `${origin}/__gql/${encodeURIComponent(userId)}/${encodeURIComponent(operationName)}?v=${hash}`;
}

export function userCachePrefix(origin: string, userId: string): string {
  return `${origin}/__gql/${encodeURIComponent(userId)}/`;
}

/** A GraphQL answer is stored only when it is a 200 with data and no errors. */
export function isStorableAnswer(status: number, json: unknown): boolean {
  if (status !== 200 || json === null || typeof json !== 'object') return false;
  const answer = json as { data?: unknown; errors?: unknown };
  return answer.data !== undefined && answer.data !== null && !answer.errors;
}
