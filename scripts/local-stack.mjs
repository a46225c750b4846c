// The stack `npm start` runs (scripts/start.mjs): the web server serving the built app with the
// CMS proxied behind it, and the CMS told the address the app really has.
import { createServer } from 'node:net';
import { cmsEnvironmentForApp, freePort, startCms } from './cms-process.mjs';
import { startWebServer } from '../server/web-server.mjs';

/** The preferred port when it is free, otherwise any free one. @param {number} preferred */
async function portOr(preferred) {
  const free = await new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(preferred, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
  return free ? preferred : freePort();
}

/**
 * Starts the web server first, on `appPort` or whatever port is free, so that its address is
 * known and held; then the CMS, on `cmsPort` or a free one, with that address as APP_URL and
 * CORS_ORIGINS (until the CMS is up, the proxy answers 502). A CMS that fails to start stops the
 * web server too.
 * @param {{ appPort: number, cmsPort: number, distDir: string, dataDir: string, admin?: boolean,
 *   developerErrors?: boolean, cmsLog?: string, log?: (line: string) => void,
 *   bootCms?: typeof startCms }} options
 *   bootCms: how the CMS boots (a test passes one that starts from its seeded template).
 */
export async function startLocalStack({
  appPort,
  cmsPort,
  distDir,
  dataDir,
  admin = false,
  developerErrors = false,
  cmsLog,
  log,
  bootCms = startCms,
}) {
  const cmsAt = await portOr(cmsPort);
  const web = await startWebServer({
    port: await portOr(appPort),
    distDir,
    cmsUrl: `http://127.0.0.1:${cmsAt}`,
    ...(log ? { log } : {}),
  });
  try {
    const cms = await bootCms({
      port: cmsAt,
      dataDir,
      admin,
      ...(cmsLog ? { log: cmsLog } : {}),
      env: cmsEnvironmentForApp(web.url, { developerErrors }),
    });
    return { web, cms };
  } catch (error) {
    await web.stop();
    throw error;
  }
}
