/**
 * An error from the CMS: the HTTP status (0 when the network failed), the body text, and the
 * field errors Strapi reported, keyed by dotted path (spec part 1, section 5).
 */
export class CmsError extends Error {
  readonly status: number;
  readonly body: string;
  readonly fieldErrors: Record<string, string>;
  /** How long the CMS asked us to wait before trying again (its Retry-After), when it said. */
  readonly retryAfterMs: number | null;

  constructor(
    message: string,
    status: number,
    body = '',
    fieldErrors: Record<string, string> = {},
    retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'CmsError';
    this.status = status;
    this.body = body;
    this.fieldErrors = fieldErrors;
    this.retryAfterMs = retryAfterMs;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/**
 * A Retry-After header (seconds, or an HTTP date) in milliseconds from `now`; null when absent or
 * unreadable.
 */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
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
  const errors = Array.isArray(details?.errors)
    ? (details.errors as { path?: unknown; message?: unknown }[])
    : [];
  const map: Record<string, string> = {};
  for (const error of errors) {
    if (!Array.isArray(error.path) || error.path.length === 0 || typeof error.message !== 'string')
      continue;
    map[error.path.join('.')] ??= error.message;
  }
  return map;
}

/**
 * Strapi's own wording, written for developers ("Invalid identifier or password", "2 errors
 * occurred"), and what a teacher reads instead. Matched whole.
 */
const PLAIN_MESSAGES: [RegExp, string][] = [
  [
    /^Invalid identifier or password$/i,
    'The e-mail address or password is not right. Check both and try again.',
  ],
  [/^\d+ errors? occurred$/i, 'Some details need changing: see the messages by the fields below.'],
  [
    /^Email or Username are already taken$/i,
    'There is already an account with this e-mail address. Log in instead, or reset your password.',
  ],
  [
    /^Email already taken$/i,
    'There is already an account with this e-mail address. Log in instead, or reset your password.',
  ],
  [
    /^Your account email is not confirmed$/i,
    'Please confirm your e-mail address first: follow the link in the e-mail we sent you.',
  ],
  [
    /^Your account has been blocked by an administrator$/i,
    'This account has been blocked. Please contact us for help.',
  ],
  [
    /^Too many requests, please try again later\.?$/i,
    'Too many attempts. Please wait a few minutes and try again.',
  ],
  [
    /^Incorrect code provided$/i,
    'This password reset link has expired or has already been used. Please ask for a new one.',
  ],
  [/^Passwords do not match$/i, 'The two passwords are not the same.'],
  [
    /^The content service could not be reached$/i,
    'We could not reach the server. Check your connection and try again.',
  ],
  [
    /^(Bad Request|Forbidden|Not Found|Internal Server Error|Unauthorized|ValidationError|ApplicationError)$/i,
    GENERIC_PROBLEM,
  ],
];

/** Strapi's field messages name the field ("first_name must be defined."): said plainly. */
const PLAIN_FIELD_MESSAGES: [RegExp, string][] = [
  [/ (must be defined|is required|is a required field)\.?$/i, 'Please fill this in.'],
  [/must be at least (\d+) characters/i, 'Must be at least $1 characters.'],
  [/must be a valid email/i, 'Please enter a valid e-mail address.'],
];

/**
 * A wait in words, rounded up so the screen never promises less than the server asked:
 * "a minute", "about 53 minutes", "about an hour", "about 3 hours".
 */
export function waitInWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes === 1) return 'a minute';
  if (minutes < 60) return `about ${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? 'about an hour' : `about ${hours} hours`;
}

/**
 * A refusal for too many requests says how long the server asked us to wait (its Retry-After),
 * never "a moment" when it is an hour. The server's own first sentence says what was too many
 * when it names an account or an address; otherwise, the network.
 */
function tooManyMessage(error: CmsError): string {
  const first = /^(Too many [^.]*?|This account [^.]*?)(?: just now)?\./.exec(
    error.message.trim(),
  )?.[1];
  const what =
    first && !/this network/i.test(first) ? `${first}.` : 'Too many attempts from this network.';
  return `${what} Please try again in ${waitInWords(error.retryAfterMs ?? 0)}.`;
}

/** The message to show a teacher for a failed call: a plain sentence, never Strapi's wording. */
export function plainMessage(error: unknown, fallback = GENERIC_PROBLEM): string {
  if (error instanceof CmsError && error.status === 429 && error.retryAfterMs != null)
    return tooManyMessage(error);
  const message = typeof error === 'string' ? error : error instanceof Error ? error.message : '';
  if (!message.trim()) return fallback;
  for (const [pattern, plain] of PLAIN_MESSAGES) if (pattern.test(message.trim())) return plain;
  return message;
}

/** A server field message in plain words (the field's label is already beside it). */
export function plainFieldMessage(message: string): string {
  for (const [pattern, plain] of PLAIN_FIELD_MESSAGES) {
    const match = pattern.exec(message);
    if (match) return plain.replace('$1', match[1] ?? '');
  }
  return message;
}

/** Every field message of a map in plain words. */
export function plainFieldErrors(fieldErrors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([path, message]) => [path, plainFieldMessage(message)]),
  );
}
