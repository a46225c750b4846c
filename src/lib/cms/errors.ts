/**
 * An error from the CMS: the HTTP status (0 when the network failed), the body text, and the
 * field errors Strapi reported, keyed by dotted path (spec part 1, section 5).
 */
export class CmsError extends Error {
  readonly status: number;
  readonly body: string;
  readonly fieldErrors: Record<string, string>;

  constructor(message: string, status: number, body = '', fieldErrors: Record<string, string> = {}) {
    super(message);
    this.name = 'CmsError';
    this.status = status;
    this.body = body;
    this.fieldErrors = fieldErrors;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** The spec's fallback for any failed auth or membership call. */
export const GENERIC_PROBLEM = 'There was a problem';

/**
 * Strapi's error object (`{ status, name, message, details: { errors: [{ path, message }] } }`,
 * found as `body.error` over REST and `errors[0].extensions.error` over GraphQL) to a map from
 * dotted path to the first message for it.
 */
export function fieldErrorMap(strapiError: unknown): Record<string, string> {
  const details = (strapiError as { details?: { errors?: unknown } } | null)?.details;
  const errors = Array.isArray(details?.errors) ? (details.errors as { path?: unknown; message?: unknown }[]) : [];
  const map: Record<string, string> = {};
  for (const error of errors) {
    if (!Array.isArray(error.path) || error.path.length === 0 || typeof error.message !== 'string') continue;
    map[error.path.join('.')] ??= error.message;
  }
  return map;
}
