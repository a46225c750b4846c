import { scratchDir } from '../../scripts/scratch.mjs';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, startCms } from '../../scripts/cms-process.mjs';
import { CORPUS_FILE, stackCmsEnv, TEMPLATE_ENV } from './stack';
import { XSS_PAYLOADS, XSS_URLS } from './xss-corpus';

/**
 * Seeds the suite's CMS data once: a first boot on a throwaway folder (the demo content and the
 * security suite's XSS lab pages, cms/src/seed/security-fixtures.js), then stopped so its files
 * are consistent on disk. Each worker copies it and boots its own stack (./stack.ts); workers
 * inherit E2E_TEMPLATE_DIR from here. The returned function deletes the folder.
 */
export default async function globalSetup() {
  const templateDir = scratchDir('music-classroom-e2e-template-');
  writeFileSync(
    join(templateDir, CORPUS_FILE),
    JSON.stringify({ payloads: XSS_PAYLOADS, urls: XSS_URLS }),
  );
  const began = Date.now();
  const dataDir = join(templateDir, 'seeded');
  const cms = await startCms({
    port: await freePort(),
    dataDir,
    admin: false,
    log: join(templateDir, 'seed.log'),
    env: stackCmsEnv(templateDir),
  });
  await cms.stop();
  process.env[TEMPLATE_ENV] = templateDir;
  console.log(`e2e: seeded in ${Math.round((Date.now() - began) / 1000)} s (${templateDir})`);

  return async () => {
    if (!process.env.E2E_KEEP_DATA) rmSync(templateDir, { recursive: true, force: true });
  };
}
