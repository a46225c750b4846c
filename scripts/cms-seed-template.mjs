// A seeded CMS data folder made once per test run and copied for every CMS that only needs the
// demo content. A first boot seeds an empty database (cms/src/seed/): 20-40 s on two cores, while
// a boot on a seeded copy takes a few seconds, and the servers tests boot over a dozen CMSs.
//
// The run's global setup (tests/cms/support/seed-template.setup.ts), or `npm test` for all of its
// steps (scripts/with-seed-template.mjs: the servers tests, the e2e suite's seed and the other
// engines' CMS), makes an empty folder and names it in CMS_SEED_TEMPLATE_DIR, which the test
// processes it starts inherit. The first CMS that asks for a copy seeds the template there (a
// lock folder makes any concurrent askers wait), stops it, and every asker then gets its own
// copy of the stopped folder: database, journal, uploads and secrets.json. Writes go to the copy,
// never the template. Whoever made the folder deletes it at the end of the run, so a change to
// the seed or the schema is never served stale.
// Without CMS_SEED_TEMPLATE_DIR (or with CMS_SEED_TEMPLATE=off) every CMS seeds its own database.
import { scratchDir } from './scratch.mjs';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort, startCms } from './cms-process.mjs';

export const SEED_TEMPLATE_DIR = 'CMS_SEED_TEMPLATE_DIR';

// Environment that changes what a first boot writes or where: a CMS started with one of these
// seeds its own database, since the template was seeded without them.
const SEED_SHAPING_ENV = [
  'NODE_ENV',
  'CMS_SEED',
  'CMS_SECURITY_FIXTURES',
  'DATABASE_CLIENT',
  'DATABASE_URL',
  'DATABASE_FILENAME',
  'CMS_PUBLIC_DIR',
  'CMS_SECRETS_FILE',
];
// Seeding alone can take 240 s on a loaded machine (startCms's limit), then the CMS stops.
const WAIT_FOR_TEMPLATE_MS = 300_000;

/** @param {number} ms */
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/**
 * For a test run's global setup: an empty template folder, named in the environment the test
 * processes inherit, and a function that deletes it. Does nothing (and returns a no-op) when
 * CMS_SEED_TEMPLATE=off or the CMS runs on PostgreSQL (DATABASE_URL: npm run test:postgres),
 * where each CMS keeps today's own first boot, and when a run around this one already named a
 * folder (`npm test`, scripts/with-seed-template.mjs: one seed for every step), which that run
 * deletes.
 * @returns {() => void}
 */
export function createSeedTemplateFolder() {
  if (process.env.CMS_SEED_TEMPLATE === 'off' || process.env.DATABASE_URL) return () => {};
  const named = process.env[SEED_TEMPLATE_DIR];
  if (named && existsSync(named)) return () => {};
  const root = scratchDir('music-classroom-seed-template-');
  process.env[SEED_TEMPLATE_DIR] = root;
  return () => {
    if (process.env[SEED_TEMPLATE_DIR] === root) delete process.env[SEED_TEMPLATE_DIR];
    rmSync(root, { recursive: true, force: true });
  };
}

/** The seeded folder inside the run's template (it exists once a copy was asked for). */
export function seedTemplateData(root = process.env[SEED_TEMPLATE_DIR] ?? '') {
  return join(root, 'seeded');
}

/** @type {Map<string, Promise<void>>} */
const seeding = new Map();

/**
 * Seeds the template in `root` unless it is there already. The first process to make the lock
 * folder seeds; the others wait for its `ready` (or `failed`) marker.
 * @param {string} root
 */
async function ensureTemplate(root) {
  const ready = join(root, 'ready');
  const failed = join(root, 'failed');
  if (existsSync(ready)) return;
  try {
    mkdirSync(join(root, 'seeding'));
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    const began = Date.now();
    while (!existsSync(ready)) {
      if (existsSync(failed))
        throw new Error(`The CMS seed template could not be made: ${readFileSync(failed, 'utf8')}`);
      if (Date.now() - began > WAIT_FOR_TEMPLATE_MS)
        throw new Error(
          `The CMS seed template in ${root} was not ready after ${WAIT_FOR_TEMPLATE_MS / 1000} s`,
        );
      await sleep(250);
    }
    return;
  }
  try {
    const began = Date.now();
    // The same options as a test CMS without extra environment, so a copy is what it would seed.
    const cms = await startCms({
      port: await freePort(),
      dataDir: seedTemplateData(root),
      log: join(root, 'seed.log'),
    });
    // Stopped before any copy: the database is closed, so its files are consistent on disk.
    await cms.stop();
    console.log(`CMS seed template made in ${Date.now() - began} ms (${root})`);
    writeFileSync(ready, '');
  } catch (error) {
    writeFileSync(failed, /** @type {Error} */ (error).message);
    throw error;
  }
}

/**
 * Fills `dataDir` with a copy of this run's seeded template, making the template first if
 * needed. Returns false, leaving the folder alone, when there is no template for this run, when
 * `env` would change the seed (see SEED_SHAPING_ENV), when the CMS uses PostgreSQL, or when the
 * folder already holds a database (a copy must never replace data).
 * @param {string} dataDir @param {Record<string, string>} [env] the CMS's extra environment
 * @returns {Promise<boolean>}
 */
export async function copySeedTemplate(dataDir, env = {}) {
  const root = process.env[SEED_TEMPLATE_DIR];
  if (!root || process.env.CMS_SEED_TEMPLATE === 'off' || process.env.DATABASE_URL) return false;
  if (SEED_SHAPING_ENV.some((name) => name in env)) return false;
  const target = resolve(dataDir);
  if (existsSync(join(target, 'data.db'))) return false;
  if (!seeding.has(root)) seeding.set(root, ensureTemplate(root));
  try {
    await /** @type {Promise<void>} */ (seeding.get(root));
  } catch (error) {
    seeding.delete(root);
    throw error;
  }
  // The whole folder: data.db with any journal beside it, public/uploads and secrets.json.
  cpSync(seedTemplateData(root), target, { recursive: true });
  return true;
}

/**
 * startCms on a copy of the run's seeded template when copySeedTemplate can make one (see
 * there), otherwise on a first boot that seeds `dataDir` itself.
 * @param {Parameters<typeof startCms>[0]} options
 */
export async function startSeededCms(options) {
  await copySeedTemplate(options.dataDir, options.env);
  return startCms(options);
}
