// @vitest-environment node
import { scratchDir } from '../../scripts/scratch.mjs';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebServer } from '../../server/web-server.mjs';

// The CMS admin's preview pane frames the app's /preview/{type}/{id} page. Only that page, and
// only the CMS admin's origin, may frame the app; every other page stays unframeable
// (clickjacking), by CSP frame-ancestors and by X-Frame-Options for older browsers. No CMS needs
// to answer: framing is decided by the shell's headers.

const CMS = 'http://127.0.0.1:1337';
let web: Awaited<ReturnType<typeof startWebServer>>;
let distDir: string;

beforeAll(async () => {
  distDir = scratchDir('preview-framing-test-');
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>shell</title>');
  web = await startWebServer({ distDir, cmsUrl: `${CMS}/` });
});

afterAll(async () => {
  await web?.stop();
  rmSync(distDir, { recursive: true, force: true });
});

async function framing(path: string) {
  const response = await fetch(`${web.url}${path}`);
  const csp = response.headers.get('content-security-policy') ?? '';
  return {
    status: response.status,
    frameAncestors: /frame-ancestors ([^;]*)/.exec(csp)?.[1],
    xFrameOptions: response.headers.get('x-frame-options'),
  };
}

describe("framing the app's preview page", () => {
  it("lets the CMS admin's origin, and no other, frame /preview/lesson/x", async () => {
    const answer = await framing('/preview/lesson/x?token=abc');
    expect(answer.status).toBe(200);
    expect(answer.frameAncestors).toBe(CMS);
    // X-Frame-Options cannot name an origin; CSP frame-ancestors, which browsers obey over it, does.
    expect(answer.xFrameOptions).toBeNull();
  });

  it('allows it for activities and programmes too', async () => {
    expect((await framing('/preview/activity/abc123')).frameAncestors).toBe(CMS);
    expect((await framing('/preview/programme/abc123')).frameAncestors).toBe(CMS);
  });

  it("keeps every other page unframeable: frame-ancestors 'none' and X-Frame-Options DENY", async () => {
    for (const path of [
      '/',
      '/primary/sing-up/unit/3',
      '/preview',
      '/preview/',
      '/preview/playlist/1',
      '/preview/lesson/x/more',
      '/preview/lesson/%2e%2e',
      '/preview/lesson/%E0%A4%A',
      '/previewer/lesson/x',
      '/index.html',
    ]) {
      const answer = await framing(path);
      expect(answer.frameAncestors, path).toBe("'none'");
      expect(answer.xFrameOptions, path).toBe('DENY');
    }
  });

  it('names the public admin address when CMS_ADMIN_URL differs from the internal CMS address', async () => {
    const behindProxy = await startWebServer({
      distDir,
      cmsUrl: 'http://cms:1337',
      cmsAdminUrl: 'https://cms.example.org/admin',
    });
    try {
      const csp =
        (await fetch(`${behindProxy.url}/preview/lesson/x`)).headers.get(
          'content-security-policy',
        ) ?? '';
      expect(/frame-ancestors ([^;]*)/.exec(csp)?.[1]).toBe('https://cms.example.org');
    } finally {
      await behindProxy.stop();
    }
  });
});
