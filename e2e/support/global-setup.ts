import { scratchDir } from '../../scripts/scratch.mjs';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, startCms } from '../../scripts/cms-process.mjs';
import { CONTROL_PATH, startFaultProxy } from '../../scripts/fault-proxy.mjs';
import { startWebServer } from '../../server/web-server.mjs';
import { XSS_PAYLOADS, XSS_URLS } from './xss-corpus';

/**
 * Boots the real stack for the suite: a Strapi CMS on a throwaway database and upload folder
 * (seeded on first boot), the fault proxy in front of it (no faults until a test sets some), and
 * the built PWA behind the web server, which reaches the CMS through the proxy; all on free
 * loopback ports.
 * The returned function stops all three; nothing is killed by name.
 */
export default async function globalSetup() {
  const dataDir = scratchDir('music-classroom-e2e-');
  // The security suite's XSS lab pages (cms/src/seed/security-fixtures.js), for e2e only.
  const corpus = join(dataDir, 'xss-corpus.json');
  writeFileSync(corpus, JSON.stringify({ payloads: XSS_PAYLOADS, urls: XSS_URLS }));
  const cms = await startCms({
    port: await freePort(),
    dataDir,
    admin: false,
    log: join(dataDir, 'cms.log'),
    env: { CMS_SECURITY_FIXTURES: corpus },
  });
  // E2E_DIST_DIR lets parallel work test its own build (vite build --outDir ...).
  const faults = await startFaultProxy({ target: cms.url });
  // The admin panel (which alone may frame the preview page) is the CMS's own origin, not the proxy's.
  const web = await startWebServer({
    distDir: process.env.E2E_DIST_DIR ?? 'dist',
    cmsUrl: faults.url,
    cmsAdminUrl: cms.url,
  });
  process.env.E2E_BASE_URL = web.url;
  process.env.E2E_CMS_URL = cms.url;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_FAULTS_URL = `${faults.url}${CONTROL_PATH}`;
  console.log(`e2e: CMS ${cms.url}, app ${web.url}, data ${dataDir}`);

  return async () => {
    await web.stop();
    await faults.stop();
    await cms.stop();
    if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
}
