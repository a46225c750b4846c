import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, startCms } from '../../scripts/cms-process.mjs';
import { seedTemplateData } from '../../scripts/cms-seed-template.mjs';
import { CONTROL_PATH, startFaultProxy } from '../../scripts/fault-proxy.mjs';
import { scratchDir } from '../../scripts/scratch.mjs';
import { startWebServer } from '../../server/web-server.mjs';

/**
 * The real stack a Playwright worker tests against: a Strapi CMS on its own copy of the run's
 * seeded data folder, the fault proxy in front of it (no faults until a test sets some), and the
 * built PWA behind the web server, which reaches the CMS through the proxy; all on free loopback
 * ports. Each worker has its own, so one test's faults, content changes, sign-in budgets and
 * e-mails never reach a test running beside it. Nothing is killed by name.
 */
export interface Stack {
  /** The app's web server. */
  baseUrl: string;
  /** The CMS itself, past the proxy (the admin panel's origin, and the tests' own calls). */
  cmsUrl: string;
  /** The fault proxy's control address. */
  faultsUrl: string;
  /** The CMS's data folder: its database, uploads and cms.log. */
  dataDir: string;
  stop: () => Promise<void>;
}

/** Where global setup leaves the run's seeded data folder for the workers to copy. */
export const TEMPLATE_ENV = 'E2E_TEMPLATE_DIR';
/** The XSS corpus the seed's security lab pages are made from, inside the template. */
export const CORPUS_FILE = 'xss-corpus.json';

/** The CMS's environment for the suite: the security lab pages (e2e only). */
export const stackCmsEnv = (templateDir: string) => ({
  CMS_SECURITY_FIXTURES: join(templateDir, CORPUS_FILE),
});

/** The folder global setup made (its seeded data sits where a run's seed template keeps it). */
function templateDir(): string {
  const dir = process.env[TEMPLATE_ENV];
  if (!dir) throw new Error(`${TEMPLATE_ENV} is not set: run the suite with Playwright.`);
  return dir;
}

/**
 * A fresh data folder holding a copy of the seeded template (database, uploads, secrets.json),
 * so a CMS boots on the demo content without seeding it again.
 */
export function copyTemplate(prefix: string): string {
  const dataDir = scratchDir(prefix);
  cpSync(seedTemplateData(templateDir()), dataDir, { recursive: true });
  return dataDir;
}

export async function startStack(): Promise<Stack> {
  const dataDir = copyTemplate('music-classroom-e2e-');
  const cms = await startCms({
    port: await freePort(),
    dataDir,
    admin: false,
    log: join(dataDir, 'cms.log'),
    env: stackCmsEnv(templateDir()),
  });
  const faults = await startFaultProxy({ target: cms.url });
  // E2E_DIST_DIR lets parallel work test its own build (vite build --outDir ...).
  // The admin panel (which alone may frame the preview page) is the CMS's own origin, not the proxy's.
  const web = await startWebServer({
    distDir: process.env.E2E_DIST_DIR ?? 'dist',
    cmsUrl: faults.url,
    cmsAdminUrl: cms.url,
  });
  return {
    baseUrl: web.url,
    cmsUrl: cms.url,
    faultsUrl: `${faults.url}${CONTROL_PATH}`,
    dataDir,
    async stop() {
      await web.stop();
      await faults.stop();
      await cms.stop();
      if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
