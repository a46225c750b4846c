// The real stack for the engine journeys, started as e2e/support/global-setup.ts starts it: a
// seeded CMS on a throwaway database and the built PWA behind the web server, each on a free
// loopback port; the browser reaches the app only through the cut proxy.
import { scratchDir } from '../scripts/scratch.mjs';
import process from 'node:process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../scripts/cms-process.mjs';
import { startSeededCms } from '../scripts/cms-seed-template.mjs';
import { startWebServer } from '../server/web-server.mjs';
import { startCutProxy } from './cut-proxy.mjs';

/**
 * @typedef {object} Stack
 * @property {string} appUrl the app as the browser sees it (through the proxy)
 * @property {string} cmsUrl the CMS, for the journeys' own checks from Node
 * @property {(online: boolean) => void} setNetwork cuts or restores the browser's connection
 * @property {() => Promise<void>} stop stops everything this started, by handle
 */

/** @param {{ distDir: string }} options @returns {Promise<Stack>} */
export async function startStack({ distDir }) {
  const dataDir = scratchDir('music-classroom-engines-');
  /** @type {(() => Promise<void>)[]} */
  const stops = [];
  const stop = async () => {
    for (const stopOne of stops.reverse()) await stopOne().catch(() => {});
    if (!process.env.ENGINES_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // On a copy of the run's seed when `npm test` made one, otherwise a first boot seeds it.
    const cms = await startSeededCms({
      port: await freePort(),
      dataDir,
      admin: false,
      log: join(dataDir, 'cms.log'),
    });
    stops.push(cms.stop);
    const web = await startWebServer({ distDir, cmsUrl: cms.url });
    stops.push(web.stop);
    const proxy = await startCutProxy({ targetPort: web.port });
    stops.push(proxy.stop);
    console.log(
      `engines: CMS ${cms.url}, app ${proxy.url} (through the cut proxy to ${web.url}), data ${dataDir}`,
    );
    return { appUrl: proxy.url, cmsUrl: cms.url, setNetwork: proxy.setOnline, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
