import { describe, expect, it } from 'vitest';
import { isAppNavigation, isPreviewNavigation } from '../../sw/navigation';

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
