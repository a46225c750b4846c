const BASE = 'https://app.invalid';

/**
 * A link stored in the CMS (a playlist item's context_path) as an in-app path, or null when it
 * could lead anywhere else: another scheme (`javascript:`, `data:`), another host (`//evil`,
 * `https://other.host/...`), or a backslash or control character that a browser may read as a
 * slash (`/\evil` opens evil). Anyone can write any string there through the API, so the app
 * links only to a path that stays on its own origin, normalised to what the browser would open.
 */
export function sameOriginPath(path: string | null | undefined): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f\s]/.test(path)) return null;
  let url: URL;
  try {
    url = new URL(path, BASE);
  } catch {
    return null;
  }
  return url.origin === BASE ? `${url.pathname}${url.search}${url.hash}` : null;
}
