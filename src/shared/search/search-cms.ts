import { CmsError } from '../../lib/cms/errors';
import { requestTimeoutError, withRequestTimeout } from '../../lib/cms/request-timeout';
import { handleUnauthorized } from '../../lib/cms/unauthorized';
import { readToken } from '../../lib/session/session-storage';

/** One place a result sits in (programme › unit › lesson), with its address when it has one. */
export interface SearchPlace {
  kind: string;
  title: string;
  href: string | null;
}

export interface SearchHit {
  kind: string;
  documentId: string;
  title: string;
  href: string | null;
  audience: { slug: string; title: string } | null;
  place: SearchPlace[];
  time: string | null;
  /** KS1…KS5, as editors tag what links to it. */
  keyStages?: string[];
  activityType: string | null;
  snippet: { text: string; match: boolean }[];
}

export interface SearchAnswer {
  total: number;
  /** What a mistyped search was read as ("smaba" → "samba"), or null. */
  corrected: string | null;
  facets: {
    kind: Record<string, number>;
    audience: Record<string, number>;
    time: Record<string, number>;
    keyStage?: Record<string, number>;
  };
  results: SearchHit[];
  /** Set when the answer comes from this device's own index (offline): how many items it holds. */
  device?: { items: number };
}

export interface SearchParams {
  q: string;
  kind?: string;
  audience?: string;
  time?: string;
  keyStage?: string;
  limit?: number;
}

/**
 * The CMS's search (GET /api/search), with the session's token when there is one: an active
 * subscriber's answer includes subscriber-only content, anyone else's never does. A 401 ends the
 * session as every 401 does.
 */
export async function searchCms(params: SearchParams, signal?: AbortSignal): Promise<SearchAnswer> {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== '') query.set(name, String(value));
  const token = readToken();
  const timeout = withRequestTimeout(signal);
  let response: Response;
  try {
    response = await fetch(`/api/search?${query}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: timeout.signal,
    });
  } catch (error) {
    if (timeout.timedOut()) throw requestTimeoutError();
    throw new CmsError('The content service could not be reached', 0, String(error));
  } finally {
    timeout.clear();
  }
  if (response.status === 401 && token) handleUnauthorized();
  if (!response.ok) throw new CmsError('Search is not available just now', response.status, '');
  try {
    return (await response.json()) as SearchAnswer;
  } catch {
    // Not the CMS's answer (a captive portal's page, a proxy's): as good as no answer.
    throw new CmsError('The content service could not be reached', 0, '');
  }
}
