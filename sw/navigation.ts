import { CMS_PATHS } from '../src/lib/sw-messages';

/** Navigations to app routes are answered with the precached shell; CMS paths never are. */
export function isAppNavigation(url: URL): boolean {
  return !CMS_PATHS.some((path) => url.pathname === path || url.pathname.startsWith(`${path}/`));
}
