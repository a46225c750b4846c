import { isPreviewNavigation } from './navigation';

declare const self: ServiceWorkerGlobalScope;

/**
 * Whether a request comes from a preview page (or the admin's pane framing one): nothing of a
 * preview is kept on the device, its media neither, so the worker leaves it to the network.
 */
export async function fromPreviewPage(event: FetchEvent): Promise<boolean> {
  const client = await clientOf(event);
  return !!client && isPreviewNavigation(new URL(client.url));
}

/** The page (window) a request comes from, when it has one. */
const clientOf = async (event: FetchEvent) =>
  event.clientId ? await self.clients.get(event.clientId) : undefined;

/** The path of the page a request comes from (its path only: a query is never kept). */
export async function pageOf(event: FetchEvent): Promise<string | null> {
  const client = await clientOf(event);
  return client ? new URL(client.url).pathname : null;
}
