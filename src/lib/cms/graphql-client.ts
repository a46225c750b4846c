import { ClientError, GraphQLClient, type Variables } from 'graphql-request';
import { readToken } from '../session/session-storage';
import { CmsError, fieldErrorMap } from './errors';
import { flatten, type Flattened } from './flatten';
import { handleUnauthorized } from './unauthorized';

/** The CMS's GraphQL endpoint, same-origin through the web server's proxy. */
function endpoint(): string {
  return new URL('/graphql', window.location.origin).href;
}

let client: GraphQLClient | null = null;

function graphqlClient(): GraphQLClient {
  client ??= new GraphQLClient(endpoint(), {
    // Read the token on every request: sign-in and sign-out change it without a reload.
    headers: (): Record<string, string> => {
      const token = readToken();
      return token ? { Authorization: `Bearer ${token}` } : {};
    },
  });
  return client;
}

/**
 * Runs one named GraphQL operation and returns its flattened data. The operation's name is what
 * the service worker keys its offline cache on, so every document must be a named operation.
 */
export async function requestCms<Result, Vars extends Variables = Variables>(
  document: string,
  variables?: Vars,
  signal?: AbortSignal,
): Promise<Flattened<Result>> {
  try {
    const data = await graphqlClient().request<Result>({
      document,
      variables: variables as Variables,
      signal,
    });
    return flatten(data);
  } catch (error) {
    throw toCmsError(error);
  }
}

function toCmsError(error: unknown): unknown {
  if (error instanceof ClientError) {
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
