// @vitest-environment node
import { scratchDir } from '../../scripts/scratch.mjs';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_PLAYER_ORIGINS } from '@music-classroom/shared/video-source';
import { startWebServer } from '../../server/web-server.mjs';
import { FOREIGN_VIDEO_ADDRESSES, PLAYABLE_VIDEO_LINKS } from '../support/video-url-corpus';

// The app's pages may frame the video players an Embed field allows and nothing else: the CSP's
// frame-src is the same one list the CMS checks editors' links against.

let web: Awaited<ReturnType<typeof startWebServer>>;
let distDir: string;

beforeAll(async () => {
  distDir = scratchDir('video-frames-test-');
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>shell</title>');
  web = await startWebServer({ distDir, cmsUrl: 'http://127.0.0.1:9' });
});

afterAll(async () => {
  await web?.stop();
  rmSync(distDir, { recursive: true, force: true });
});

async function frameSources(path: string): Promise<string[]> {
  const csp = (await fetch(`${web.url}${path}`)).headers.get('content-security-policy') ?? '';
  const directive = csp
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === 'frame-src');
  return directive?.slice(1) ?? [];
}

describe("the app's frame-src", () => {
  it.each(['/primary', '/preview/lesson/abc123'])(
    'on %s lists exactly the allowed video players',
    async (path) => {
      expect(await frameSources(path)).toEqual([...VIDEO_PLAYER_ORIGINS]);
    },
  );

  it('lets every player an allowed link becomes load, and no site outside the list', async () => {
    const sources = new Set(await frameSources('/primary'));
    for (const player of Object.values(PLAYABLE_VIDEO_LINKS))
      expect(sources.has(new URL(player).origin), player).toBe(true);
    // Host sources only: no scheme (`https:`), wildcard or keyword that would let another site in.
    for (const source of sources) expect(source).toMatch(/^https:\/\/[a-z0-9.-]+$/);
    // The other sites of the refused corpus (look-alikes, the host behind a user name, other players).
    const otherSites = new Set(
      FOREIGN_VIDEO_ADDRESSES.flatMap((address) => {
        const url = URL.canParse(address) ? new URL(address) : null;
        return url?.protocol.startsWith('http') ? [`https://${url.host}`] : [];
      }).filter((origin) => !VIDEO_PLAYER_ORIGINS.includes(origin)),
    );
    expect(otherSites.size).toBeGreaterThan(40);
    expect([...otherSites].filter((origin) => sources.has(origin))).toEqual([]);
  });
});
