import { CACHE_NAMES } from './sw-messages';

/**
 * Helpers for caching GraphQL queries, pure apart from deleteCachedAnswers. The Cache API
 * matches on URL and method only, so a POST body cannot be a key as it is: each query gets a
 * synthetic GET key
 * `/__gql/{partition}/{operationName}?v={hash of variables}&d={hash of the document}`,
 * partitioned per session (see sessionPartition). The document's hash is part of the key: the same
 * operation name with another selection (an alias, say) is another question with another answer.
 */
export interface GraphqlBody {
  query?: unknown;
  operationName?: unknown;
  variables?: unknown;
}

/**
 * The named operations a document defines, in order (comments ignored): the one reader of an
 * operation's name and type for the app, its downloads and the worker.
 */
export function operationsOf(
  document: string,
): { type: 'query' | 'mutation' | 'subscription'; name: string }[] {
  const withoutComments = document.replace(/#[^\n]*/g, '');
  return [
    ...withoutComments.matchAll(/\b(query|mutation|subscription)\s+([A-Za-z_][A-Za-z0-9_]*)/g),
  ].map(([, type, name]) => ({ type: type as 'query' | 'mutation' | 'subscription', name: name! }));
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

async function sha256Hex(text: string, bytes?: number): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest).slice(0, bytes), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

export function hashVariables(variables: unknown): Promise<string> {
  return sha256Hex(stableStringify(variables ?? {}), 12);
}

/**
 * SHA-256 of a document's exact text, in hex: the worker caches answers only to documents whose
 * hash is in the build's list of the app's own (scripts/app-graphql-documents.mjs computes the same).
 */
export function hashDocument(document: string): Promise<string> {
  return sha256Hex(document);
}

/** The partition of requests without a session: public answers only. */
export const ANONYMOUS_PARTITION = 'anon';

/**
 * The cache partition of a session: a hash of its bearer token, never a claim read from inside
 * it. The worker stores an answer only when the CMS itself answered a request carrying that exact
 * token, so an unsigned token that says `{"id":1}` opens an empty partition, not user 1's cached
 * answers on a shared device. A new sign-in gets a new partition; sign-out purges every
 * partition but the anonymous one.
 */
export async function sessionPartition(token: string | null | undefined): Promise<string> {
  if (!token) return ANONYMOUS_PARTITION;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return `s-${Array.from(new Uint8Array(digest).slice(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** The partition of a request's `Authorization: Bearer …` header (anonymous without one). */
export function partitionOfAuthorization(header: string | null): Promise<string> {
  return sessionPartition(header?.match(/^Bearer\s+(\S+)$/i)?.[1]);
}

/** The partition a cache key belongs to (the path segment after /__gql/), or null. */
export function partitionOfKey(url: string): string | null {
  const match = /\/__gql\/([^/]+)\//.exec(new URL(url).pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/**
 * Deletes the worker's stored GraphQL answers of the partitions `drop` picks: the page drops
 * every session's at sign-out, the worker the one session a page says has ended.
 */
export async function deleteCachedAnswers(
  drop: (partition: string | null) => boolean,
): Promise<void> {
  const cache = await caches.open(CACHE_NAMES.graphql);
  const keys = await cache.keys();
  await Promise.all(
    keys.filter((key) => drop(partitionOfKey(key.url))).map((key) => cache.delete(key)),
  );
}

/**
 * Queries the worker never answers from its cache: the sync engine's pull must be the CMS's
 * truth (sync rule 8; spec part 1, section 7: Playlists and Playlist are "no cache"). An old
 * list returned after a timeout once made a synced playlist look deleted elsewhere.
 */
export const NEVER_CACHED = new Set(['Playlists', 'Playlist']);

/** Only named queries are cached; mutations and anonymous documents always go to the network. */
export function cacheableOperationName(body: GraphqlBody): string | null {
  if (typeof body.query !== 'string' || typeof body.operationName !== 'string') return null;
  if (NEVER_CACHED.has(body.operationName)) return null;
  const operation = operationsOf(body.query).find(({ name }) => name === body.operationName);
  return operation?.type === 'query' ? operation.name : null;
}

/** What the keys of one operation and its variables start with, whatever the document's text. */
export async function answerKeyPrefix(
  origin: string,
  partition: string,
  operationName: string,
  variables: unknown,
): Promise<string> {
  const hash = await hashVariables(variables);
  return `${origin}/__gql/${encodeURIComponent(partition)}/${encodeURIComponent(operationName)}?v=${hash}&d=`;
}

export async function graphqlCacheKey(
  origin: string,
  partition: string,
  operationName: string,
  variables: unknown,
  documentHash: string,
): Promise<string> {
  return `${await answerKeyPrefix(origin, partition, operationName, variables)}${documentHash}`;
}

export function partitionPrefix(origin: string, partition: string): string {
  return `${origin}/__gql/${encodeURIComponent(partition)}/`;
}

/** A GraphQL answer is stored only when it is a 200 with data and no errors. */
export function isStorableAnswer(status: number, json: unknown): boolean {
  if (status !== 200 || json === null || typeof json !== 'object') return false;
  const answer = json as { data?: unknown; errors?: unknown };
  return answer.data !== undefined && answer.data !== null && !answer.errors;
}
