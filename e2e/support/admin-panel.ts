import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { adminBuildNeeded } from '../../scripts/admin-build.mjs';
import { cmsEnvironmentForApp, freePort, startCms } from '../../scripts/cms-process.mjs';
import { startWebServer } from '../../server/web-server.mjs';
import { copyTemplate } from './stack';

/**
 * A CMS that serves its admin panel, for the specs that drive the real panel (tagged @admin).
 * The suite's own CMSs run without it (no admin build needed); this one is started only by the
 * specs that ask for it, on its own copy of the suite's seeded data (./stack.ts), and the admin
 * is built once (`npm run build` in cms/, as `npm start` does) when cms/build holds no build yet
 * or the admin's customisation (cms/src/admin) changed since. The app's web server (the built
 * PWA, E2E_DIST_DIR as for the suite) runs in front of this CMS and the CMS knows its address
 * (APP_URL), as `npm start` sets them up, so the admin's preview pane shows the app's real
 * preview page.
 */
const cmsDir = fileURLToPath(new URL('../../cms/', import.meta.url));

export interface AdminCms {
  url: string;
  /** The app's web server, reaching this CMS; the CMS's preview links open on it. */
  appUrl: string;
  /** Seconds spent building the admin (0 when a build was there) and booting this CMS. */
  seconds: { build: number; boot: number };
  stop: () => Promise<void>;
}

/** The demo accounts the seed creates (cms/src/bootstrap/accounts.js). */
const DEMO_EDITOR = { email: 'editor@demo.school', password: 'Editor12345' } as const;

function buildAdminIfMissing(): number {
  if (!adminBuildNeeded(cmsDir)) return 0;
  const started = Date.now();
  const build = spawnSync('npm', ['run', 'build'], { cwd: cmsDir, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`the admin build failed (exit ${build.status})`);
  return (Date.now() - started) / 1000;
}

/**
 * E2E_ADMIN_CMS_URL names a throwaway CMS already serving its admin panel (the specs change its
 * content), to try a spec again without a boot; E2E_ADMIN_APP_URL the app in front of it.
 */
export async function startAdminCms(): Promise<AdminCms> {
  const running = process.env.E2E_ADMIN_CMS_URL;
  if (running)
    return {
      url: running,
      appUrl: process.env.E2E_ADMIN_APP_URL ?? 'http://127.0.0.1:4173',
      seconds: { build: 0, boot: 0 },
      stop: async () => {},
    };
  const build = buildAdminIfMissing();
  const dataDir = copyTemplate('music-classroom-e2e-admin-');
  // The app's port is chosen first: the CMS names it in its preview links and frame-src.
  const appPort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;
  const started = Date.now();
  const cms = await startCms({
    port: await freePort(),
    dataDir,
    admin: true,
    log: join(dataDir, 'cms.log'),
    env: cmsEnvironmentForApp(appUrl),
  });
  const boot = (Date.now() - started) / 1000;
  const web = await startWebServer({
    distDir: process.env.E2E_DIST_DIR ?? 'dist',
    cmsUrl: cms.url,
    cmsAdminUrl: cms.url,
    port: appPort,
  });
  return {
    url: cms.url,
    appUrl: web.url,
    seconds: { build, boot },
    async stop() {
      await web.stop();
      await cms.stop();
      if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in to the admin panel; the panel opens on its home page. */
export async function signInToAdmin(
  page: Page,
  cmsUrl: string,
  account: { email: string; password: string } = DEMO_EDITOR,
) {
  await page.goto(`${cmsUrl}/admin/auth/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/, { timeout: 30_000 });
}
