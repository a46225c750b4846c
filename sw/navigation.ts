import { WORKER_PASSTHROUGH_PATHS, isUnderPaths } from '../src/lib/cms-paths.mjs';

/**
 * The CMS admin's preview pane frames /preview/{type}/{id}. Those pages come from the
 * web server, whose headers let the admin frame them; the precached shell says frame-ancestors
 * 'none' and would leave the pane blank. A draft is never stored for offline use either.
 */
export function isPreviewNavigation(url: URL): boolean {
  return url.pathname.startsWith('/preview/');
}

/** Navigations to app routes are answered with the precached shell; CMS paths never are. */
export function isAppNavigation(url: URL): boolean {
  if (isPreviewNavigation(url)) return false;
  return !isUnderPaths(WORKER_PASSTHROUGH_PATHS, url.pathname);
}
