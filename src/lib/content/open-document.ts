import { handleUnauthorized } from '../cms/unauthorized';
import { readToken } from '../session/session-storage';

/** Spec part 1, messages: the texts for a document that needs a sign-in or a subscription. */
const REFUSALS: Record<number, string> = {
  401: 'You need to be logged in to access this content.',
  403: 'You need an active subscription to access this content.',
};
const FAILED = 'The document could not be opened. Check the connection and try again.';

export class DocumentRefusedError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'DocumentRefusedError';
  }
}

/**
 * The file URL behind a /documents/{fileId} link. A subscriber-only document needs the
 * session's bearer token, which a plain link cannot carry, so the app asks the CMS for JSON with
 * it (cms/src/routes/documents.js) and then opens the file itself.
 */
export async function resolveDocumentUrl(href: string): Promise<string> {
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(href, {
      headers: {
        Accept: 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
  } catch {
    throw new DocumentRefusedError(0, FAILED);
  }
  const body = response.ok
    ? ((await response.json().catch(() => null)) as { url?: unknown } | null)
    : null;
  if (typeof body?.url === 'string') return body.url;
  // The CMS no longer accepts this session: it ends as every 401 does (src/lib/auth/sign-out).
  if (response.status === 401 && token) handleUnauthorized();
  throw new DocumentRefusedError(response.status, REFUSALS[response.status] ?? FAILED);
}

/** Opens a file the way the document link would have: a download of a same-origin URL. */
export function openFile(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
