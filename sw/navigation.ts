import { WORKER_PASSTHROUGH_PATHS, isUnderPaths } from '../src/lib/cms-paths.mjs';

declare const self: ServiceWorkerGlobalScope;

/**
 * The CMS admin's preview pane frames /preview/{type}/{id}. Those pages come from the
 * web server, whose headers let the admin frame them; the precached shell says frame-ancestors
 * 'none' and would leave the pane blank. A draft is never stored for offline use either.
 */
export function isPreviewNavigation(url: URL): boolean {
  return url.pathname.startsWith('/preview/');
}

/**
 * Whether a request comes from a preview page (or the admin's pane framing one): nothing of a
 * preview is kept on the device, its media neither, so the worker leaves it to the network.
 */
export async function fromPreviewPage(event: FetchEvent): Promise<boolean> {
  const client = event.clientId ? await self.clients.get(event.clientId) : undefined;
  return !!client && isPreviewNavigation(new URL(client.url));
}

/** Navigations to app routes are answered with the precached shell; CMS paths never are. */
export function isAppNavigation(url: URL): boolean {
  if (isPreviewNavigation(url)) return false;
  return !isUnderPaths(WORKER_PASSTHROUGH_PATHS, url.pathname);
}
