import { readToken } from '../session/session-storage';
import { CmsError, fieldErrorMap, GENERIC_PROBLEM, retryAfterMs } from './errors';
import { requestTimeoutError, withRequestTimeout } from './request-timeout';
import { handleUnauthorized } from './unauthorized';

/** POSTs JSON to the CMS's REST API (auth and membership calls, spec part 1, section 7). */
export async function postCms<Result>(
  path: string,
  body: unknown,
  { withToken = false }: { withToken?: boolean } = {},
): Promise<Result> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const token = withToken ? readToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  // The same limit as GraphQL requests: a CMS that takes the request and never answers must not
  // leave a sign-in or a playlist sync waiting for good (the sync retries with the same op ids).
  const timeout = withRequestTimeout();
  let response: Response;
  let text: string;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: timeout.signal,
    });
    text = await response.text();
  } catch (error) {
    if (timeout.timedOut()) throw requestTimeoutError();
    throw new CmsError('The content service could not be reached', 0, String(error));
  } finally {
    timeout.clear();
  }
  const json = parseJson(text);
  if (!response.ok) {
    // A session the CMS no longer accepts ends as every 401 does; a failed login is a 400.
    if (response.status === 401 && token) handleUnauthorized();
    const error = (json as { error?: { message?: string } } | null)?.error;
    const wait =
      response.status === 429 || response.status === 503
        ? retryAfterMs(response.headers.get('Retry-After'))
        : null;
    throw new CmsError(
      error?.message || GENERIC_PROBLEM,
      response.status,
      text,
      fieldErrorMap(error),
      wait,
    );
  }
  return json as Result;
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}
