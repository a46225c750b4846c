import type { GraphQLError } from 'graphql';
import { ClientError, GraphQLClient, type Variables } from 'graphql-request';
import { documentKey, isQuery, operationNameOf, stableStringify } from '../offline/document-keys';
import { readToken, readUser } from '../session/session-storage';
import type { AppDocument } from './app-document';
import { assertAnswerShape } from './answer-shape';
import { CmsError, fieldErrorMap } from './errors';
import { flatten, type Flattened } from './flatten';
import { requestTimeoutError, withRequestTimeout } from './request-timeout';
import { CMS_UNREACHABLE_HEADER, NETWORK_ONLY_HEADER, PREVIEW_HEADER } from '../sw-messages';
import { handleUnauthorized } from './unauthorized';
import { SIGN_ANSWER_HEADER, SIGNATURE_HEADER, STATEMENT_HEADER } from './signed-answer-headers';

/** The CMS's GraphQL endpoint, same-origin through the web server's proxy. */
function endpoint(): string {
  return new URL('/graphql', window.location.origin).href;
}

let client: GraphQLClient | null = null;

/**
 * An editor's preview (src/features/preview) puts its token here while it is open: every request
 * then carries it instead of the session and is network-only (the worker never keeps it), and no
 * downloaded copy answers.
 */
export const previewHeaders: Record<string, string> = {};

/** Read on every request: sign-in and sign-out change the token without a reload. */
function sessionHeaders(): Record<string, string> {
  const token = readToken();
  return previewHeaders[PREVIEW_HEADER]
    ? previewHeaders
    : token
      ? { Authorization: `Bearer ${token}` }
      : {};
}

function graphqlClient(): GraphQLClient {
  client ??= new GraphQLClient(endpoint(), { headers: sessionHeaders });
  return client;
}

/**
 * The downloaded-answer store (and with it Dexie) loads on first use by a signed-in teacher, not
 * with the first page: a visitor never needs it, and the shell stays small.
 */
function loadDocumentStore() {
  return import('../offline/document-store');
}

type ChangeListener = (key: string) => void;
const changeListeners = new Set<ChangeListener>();

/**
 * The download manager hears when the CMS has a newer answer than a downloaded one. The stored
 * copy stays what the pages show until the download is updated whole (src/lib/offline).
 */
export function onDownloadedAnswerChanged(listener: ChangeListener): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

function downloadedKey(document: string, variables: unknown): string | null {
  const user = readUser();
  const operation = operationNameOf(document);
  if (!user || !operation || !isQuery(document)) return null;
  return documentKey(String(user.id), operation, variables);
}

/**
 * Runs one named GraphQL operation and returns its flattened data. Content the teacher made
 * available offline answers from IndexedDB at once (a classroom must not wait on a flaky
 * network) and is revalidated in the background when online. Everything else goes to the
 * network, through the service worker, which keys its own cache on the operation's name: so
 * every document must be a named operation. The result and variables are the document's own,
 * generated from the CMS's schema (app-document.ts); a result type given here must be one the
 * generated type fits.
 */
export async function requestCms<Result, Vars extends Variables = Variables>(
  document: AppDocument<Result, Vars>,
  variables?: NoInfer<Vars>,
  signal?: AbortSignal,
): Promise<Flattened<Result>> {
  const key = previewHeaders[PREVIEW_HEADER] ? null : downloadedKey(document, variables ?? {});
  const stored = key ? await (await loadDocumentStore()).readStoredDocument(key) : undefined;
  if (key && stored) {
    if (navigator.onLine) void revalidateDownloaded<Result>(key, document, variables);
    return stored.data as Flattened<Result>;
  }
  return fetchFromCms<Result, Vars>(document, variables, signal);
}

async function revalidateDownloaded<Result>(key: string, document: string, variables: unknown) {
  try {
    const fresh = await fetchFresh<Result>(document, variables as Variables);
    const stored = await (await loadDocumentStore()).readStoredDocument(key);
    if (!stored || stableStringify(stored.data) === stableStringify(fresh)) return;
    // Not stored here: replacing one answer alone let the lesson page and lesson mode disagree.
    for (const listener of changeListeners) listener(key);
  } catch {
    // Offline after all, or the CMS is down: the downloaded copy stays what the page shows.
  }
}

/**
 * Past the downloaded copies: the CMS, through the worker (which may answer from its cache when
 * the CMS is slow or unreachable). `token` stands in for the stored session's: sign-in asks with a
 * token it has not stored yet.
 */
export function fetchFromCms<Result, Vars extends Variables = Variables>(
  document: string,
  variables?: Vars,
  signal?: AbortSignal,
  token?: string,
): Promise<Flattened<Result>> {
  return askCms<Result>(
    document,
    variables,
    signal,
    token ? { Authorization: `Bearer ${token}` } : {},
  );
}

/**
 * The CMS itself or an error, never the worker's cached answer: what a download stores, what an
 * update replaces it with and what a freshness check compares it with must be the CMS's answer
 * now. A slow CMS delays them; it never answers "unchanged".
 */
export function fetchFresh<Result, Vars extends Variables = Variables>(
  document: string,
  variables?: Vars,
  signal?: AbortSignal,
): Promise<Flattened<Result>> {
  return askCms<Result>(document, variables, signal, { [NETWORK_ONLY_HEADER]: '1' });
}

function parseAnswer<Result>(text: string): { data?: Result; errors?: GraphQLError[] } | null {
  try {
    return JSON.parse(text) as { data?: Result; errors?: GraphQLError[] } | null;
  } catch {
    return null;
  }
}

/** A downloaded answer's bytes as the CMS sent them, with its statement and signature. */
export interface SignedAnswer {
  answer: string;
  statement: string;
  signature: string;
}

/**
 * As fetchFresh, asking the CMS to sign the answer too: a download keeps the answer's bytes with
 * the CMS's statement and signature, so it can be saved as a lesson file later. `signed` is null
 * when the CMS did not sign (a CMS without signing): the download works, but makes no file.
 */
export async function fetchFreshSigned<Result>(
  document: string,
  variables: Variables = {},
  signal?: AbortSignal,
): Promise<{ data: Flattened<Result>; signed: SignedAnswer | null }> {
  const timeout = withRequestTimeout(signal);
  try {
    const response = await fetch(endpoint(), {
      method: 'POST',
      signal: timeout.signal,
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        ...sessionHeaders(),
        [NETWORK_ONLY_HEADER]: '1',
        [SIGN_ANSWER_HEADER]: '1',
      },
      body: JSON.stringify({
        query: document,
        variables,
        operationName: operationNameOf(document),
      }),
    });
    const answer = await response.text();
    const body = parseAnswer<Result>(answer);
    if (!response.ok || !body?.data || body.errors?.length)
      throw new ClientError(
        { ...body, status: response.status, headers: response.headers, body: answer },
        { query: document, variables },
      );
    assertAnswerShape(document, variables, body.data);
    const statement = response.headers.get(STATEMENT_HEADER);
    const signature = response.headers.get(SIGNATURE_HEADER);
    return {
      data: flatten(body.data),
      signed: statement && signature ? { answer, statement, signature } : null,
    };
  } catch (error) {
    throw timeout.timedOut() ? requestTimeoutError() : toCmsError(error);
  } finally {
    timeout.clear();
  }
}

async function askCms<Result>(
  document: string,
  variables: Variables | undefined,
  signal: AbortSignal | undefined,
  requestHeaders: Record<string, string>,
): Promise<Flattened<Result>> {
  const timeout = withRequestTimeout(signal);
  try {
    const data = await graphqlClient().request<Result>({
      document,
      variables: variables as Variables,
      signal: timeout.signal,
      requestHeaders,
    });
    assertAnswerShape(document, variables, data);
    return flatten(data);
  } catch (error) {
    throw timeout.timedOut() ? requestTimeoutError() : toCmsError(error);
  } finally {
    timeout.clear();
  }
}

function toCmsError(error: unknown): unknown {
  if (error instanceof ClientError) {
    // The worker could not reach the CMS either: the same as a fetch that failed here.
    if (error.response.headers?.get(CMS_UNREACHABLE_HEADER))
      return new CmsError('The content service could not be reached', 0, 'Failed to fetch');
    const status = error.response.status;
    if (status === 401) handleUnauthorized();
    const first = error.response.errors?.[0];
    const message = first?.message ?? `The content service answered ${status}`;
    return new CmsError(
      message,
      status,
      JSON.stringify(error.response.errors ?? error.response),
      fieldErrorMap(first?.extensions?.error),
    );
  }
  if (error instanceof DOMException && error.name === 'AbortError') return error;
  if (error instanceof TypeError) {
    return new CmsError('The content service could not be reached', 0, error.message);
  }
  return error;
}
