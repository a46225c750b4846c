// The same-origin paths that belong to the CMS (ARCHITECTURE.md, "Serving"). Plain JavaScript so
// that the web server (Node), Vite's config and the app's service worker import this one list.

/** The paths the web server and Vite's dev server proxy to the CMS. */
export const CMS_PROXIED_PATHS = ['/graphql', '/api', '/uploads', '/documents'];

/**
 * The paths the service worker never answers with the app shell: the proxied ones, and the CMS
 * admin panel. The web server does not proxy the admin (editors reach it at the CMS's own address),
 * but a deployment may put it on the app's origin behind its own reverse proxy, and a worker that
 * answered /admin with the shell would lock editors out of it in that browser.
 */
export const WORKER_PASSTHROUGH_PATHS = [...CMS_PROXIED_PATHS, '/admin'];

/**
 * Whether `pathname` is one of `paths` or below one ('/api/x' is under '/api', '/apiary' is not).
 * @param {readonly string[]} paths
 * @param {string} pathname
 */
export function isUnderPaths(paths, pathname) {
  return paths.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}
