import { useLocation, useParams } from 'react-router-dom';

/** Spec part 2, section 9: the secondary and live audiences have fixed slugs. */
export const SECONDARY_AUDIENCE = 'secondary';
export const LIVE_AUDIENCE = 'live';

/**
 * The audience a page is shown under: the :audience parameter, else the first path segment
 * (/secondary/..., /live/...). '-' (the unscoped activity filter) and library-only paths have none.
 */
export function audienceSlugFromPath(pathname: string, audienceParam?: string): string | null {
  if (audienceParam && audienceParam !== '-') return audienceParam;
  const first = pathname.split('/').filter(Boolean)[0];
  return first === SECONDARY_AUDIENCE || first === LIVE_AUDIENCE ? first : null;
}

export function useAudienceSlug(): string | null {
  const { audience } = useParams();
  const { pathname } = useLocation();
  return audienceSlugFromPath(pathname, audience);
}

/** The current path without a trailing slash, for links built relative to the page. */
export function useCurrentPath(): string {
  return useLocation().pathname.replace(/\/+$/, '') || '/';
}
