import { scratchDir } from '../../scripts/scratch.mjs';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, startCms } from '../../scripts/cms-process.mjs';
import { copySeedTemplate, seedTemplateData } from '../../scripts/cms-seed-template.mjs';
import { CORPUS_FILE, stackCmsEnv, TEMPLATE_ENV } from './stack';
import { XSS_PAYLOADS, XSS_URLS } from './xss-corpus';

/**
 * Makes the suite's CMS data once: the demo content and the security suite's XSS lab pages
 * (cms/src/seed/security-fixtures.js), in a throwaway folder, by a CMS then stopped so its files
 * are consistent on disk. Under `npm test` the folder starts as a copy of the run's seed
 * (scripts/cms-seed-template.mjs) and the boot adds only the lab pages; run alone, a first boot
 * seeds both. Each worker copies the folder and boots its own stack (./stack.ts); workers
 * inherit E2E_TEMPLATE_DIR from here. The returned function deletes the folder.
 */
export default async function globalSetup() {
  const templateDir = scratchDir('music-classroom-e2e-template-');
  writeFileSync(
    join(templateDir, CORPUS_FILE),
    JSON.stringify({ payloads: XSS_PAYLOADS, urls: XSS_URLS }),
  );
  const began = Date.now();
  const dataDir = seedTemplateData(templateDir);
  const copied = await copySeedTemplate(dataDir);
  const cms = await startCms({
    port: await freePort(),
    dataDir,
    admin: false,
    log: join(templateDir, 'seed.log'),
    env: stackCmsEnv(templateDir),
  });
  await cms.stop();
  process.env[TEMPLATE_ENV] = templateDir;
  const how = copied ? "a copy of the run's seed and the lab pages" : 'seeded';
  console.log(`e2e: ${how} in ${Math.round((Date.now() - began) / 1000)} s (${templateDir})`);

  return async () => {
    if (!process.env.E2E_KEEP_DATA) rmSync(templateDir, { recursive: true, force: true });
  };
}
