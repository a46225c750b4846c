import { readToken } from '../session/session-storage';
import { CmsError } from './errors';

/** Strapi's error shape: `{ error: { status, name, message, details: { errors: [...] } } }`. */
interface StrapiErrorBody {
  error?: {
    status?: number;
    message?: string;
    details?: { errors?: { path?: (string | number)[]; message?: string }[] };
  };
}

/** A failed REST call with the server's message and its field errors by dotted path. */
export class CmsRequestError extends CmsError {
  readonly fieldErrors: Record<string, string>;

  constructor(message: string, status: number, fieldErrors: Record<string, string>, body = '') {
    super(message, status, body);
    this.name = 'CmsRequestError';
    this.fieldErrors = fieldErrors;
  }
}

/** The spec's fallback for any failed auth or membership call. */
export const GENERIC_PROBLEM = 'There was a problem';

/**
 * Spec part 1, section 5: server validation errors arrive as a list with a path and a message
 * and become a map from dotted path to message.
 */
export function fieldErrorMap(body: unknown): Record<string, string> {
  const errors = (body as StrapiErrorBody | null)?.error?.details?.errors ?? [];
  const map: Record<string, string> = {};
  for (const error of errors) {
    if (!error.path?.length || !error.message) continue;
    const key = error.path.join('.');
    map[key] ??= error.message;
  }
  return map;
}

export async function postCms<Result>(
  path: string,
  body: unknown,
  { withToken = false }: { withToken?: boolean } = {},
): Promise<Result> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const token = withToken ? readToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
  } catch (error) {
    throw new CmsRequestError('The content service could not be reached', 0, {}, String(error));
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    const message = (json as StrapiErrorBody | null)?.error?.message || GENERIC_PROBLEM;
    throw new CmsRequestError(message, response.status, fieldErrorMap(json), text);
  }
  return json as Result;
}
