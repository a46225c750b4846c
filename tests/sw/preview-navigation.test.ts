import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAppNavigation, isPreviewNavigation } from '../../sw/navigation';
import { fromPreviewPage } from '../../sw/preview-requests';

// Preview: the precached shell carries frame-ancestors 'none', so a worker answering
// the admin's preview pane from it would leave the pane blank. Preview pages come from the
// server (whose headers let the CMS admin frame them), and are never stored by the worker.
describe('preview navigations', () => {
  it('go to the network, not the precached shell', () => {
    for (const path of ['/preview/lesson/abc', '/preview/activity/abc', '/preview/programme/abc']) {
      const url = new URL(`${path}?token=t`, 'https://app');
      expect(isPreviewNavigation(url), path).toBe(true);
      expect(isAppNavigation(url), path).toBe(false);
    }
  });

  it('leave other app routes to the shell', () => {
    for (const path of ['/', '/preview', '/previews/lesson/abc', '/primary/sing-up/unit/3']) {
      const url = new URL(path, 'https://app');
      expect(isPreviewNavigation(url), path).toBe(false);
      expect(isAppNavigation(url), path).toBe(true);
    }
  });
});

describe("a preview page's requests", () => {
  const fetchEvent = (clientId: string) => ({ clientId }) as unknown as FetchEvent;
  const clientsAt = (url: string) =>
    vi.stubGlobal('clients', { get: (id: string) => Promise.resolve(id ? { url } : undefined) });

  afterEach(() => vi.unstubAllGlobals());

  it("are known by their page, so the worker keeps none of a preview's media", async () => {
    clientsAt('https://app/preview/slideshow/abc/slides/2?token=t');
    expect(await fromPreviewPage(fetchEvent('c1'))).toBe(true);
    clientsAt('https://app/primary/rhythm-makers/unit/u/lesson/l/slides');
    expect(await fromPreviewPage(fetchEvent('c1'))).toBe(false);
    expect(await fromPreviewPage(fetchEvent(''))).toBe(false);
  });
});
