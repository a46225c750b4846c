import { operationNameOf } from '../offline/document-keys';

/** A GraphQL request's variables (what graphql-request called `Variables`). */
export type Variables = object;

export interface GraphqlErrorEntry {
  message?: string;
  extensions?: { error?: unknown } & Record<string, unknown>;
}

/**
 * An answer the CMS gave with GraphQL errors or a failing HTTP status (graphql-request's
 * ClientError, which this module replaces): the status, the errors when the body had them, the body.
 */
export class GraphqlAnswerError extends Error {
  constructor(
    readonly status: number,
    readonly errors: GraphqlErrorEntry[] | undefined,
    readonly body: string,
  ) {
    super(errors?.[0]?.message ?? `GraphQL answer ${status}`);
    this.name = 'GraphqlAnswerError';
  }
}

/**
 * POSTs one named operation and returns its `data`. graphql-request did the same with the whole
 * GraphQL parser in the first load (16 KiB gzip of a visitor's 150: issue 24); every document
 * here is one named operation, so its name is read with a regular expression. The worker keys
 * its cache on `operationName`, so the body always carries it.
 */
export async function postGraphql<Result>(
  url: string,
  document: string,
  variables: Variables | undefined,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<Result> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      accept: 'application/graphql-response+json, application/json',
      'content-type': 'application/json',
      ...headers,
    },
    body: JSON.stringify({ query: document, variables, operationName: operationNameOf(document) ?? undefined }),
    signal,
  });
  const body = await response.text();
  const answer = parseAnswer<Result>(body);
  if (!response.ok) throw new GraphqlAnswerError(response.status, answer?.errors, body);
  // A 200 that is not a GraphQL answer (a captive portal's page, a cut-off body) is not the CMS's.
  if (!answer) throw new Error(`Invalid GraphQL answer: ${body.slice(0, 80)}`);
  if (answer.errors !== undefined) throw new GraphqlAnswerError(response.status, answer.errors, body);
  return answer.data as Result;
}

function parseAnswer<Result>(body: string): { data?: Result; errors?: GraphqlErrorEntry[] } | null {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
