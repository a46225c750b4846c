// Starts and stops the Strapi CMS (cms/) as a child process, for tests, e2e and `npm start`.
// No dependencies beyond Node. The CMS seeds an empty database in its bootstrap, which Strapi
// runs before it listens, so once /_health answers the demo content and accounts exist.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const cmsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'cms');
// A first boot seeds the demo content: about 30 s alone, but over 120 s was seen on two cores
// with a build and browsers running beside it; a real failure still ends the wait early.
const BOOT_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 10_000;
const TAIL_LINES = 40;

/** A free TCP port on 127.0.0.1 (the OS picks one). */
export async function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Why the CMS could not open a SQLite database, as one sentence with the command that fixes it,
 * or null when it can. better-sqlite3 is a native addon built by its install script: npm 12 skips
 * that script unless cms/package.json's allowScripts approves it, and a build for another Node.js
 * leaves a binary that will not load. Either way Strapi would fail deep inside with a stack trace.
 * @param {string} [dir] the CMS project (a test passes a stand-in)
 * @returns {string | null}
 */
export function sqliteProblem(dir = cmsDir) {
  const probe = spawnSync(
    process.execPath,
    ['-e', "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"],
    { cwd: dir, encoding: 'utf8' },
  );
  if (probe.status === 0) return null;
  const output = `${probe.stderr}${probe.stdout}`;
  if (/Cannot find module 'better-sqlite3'/.test(output)) {
    return 'The CMS is not installed (better-sqlite3 is missing from cms/node_modules): run `npm install` in the project folder.';
  }
  if (/NODE_MODULE_VERSION|was compiled against a different Node/.test(output)) {
    return `The CMS cannot open its SQLite database because better-sqlite3 was built for another Node.js version than ${process.version}: run \`npm rebuild better-sqlite3\` in cms/.`;
  }
  const firstLine = (/^\w*Error: (.*)$/m.exec(output)?.[1] ?? 'no error text')
    .replace(/\.?\s*Tried:.*$/, '')
    .trim();
  return `The CMS cannot open its SQLite database because better-sqlite3's native build is missing (its install script did not run; ${firstLine}): run \`npm rebuild better-sqlite3\` in cms/.`;
}

/** @type {Map<string, string | null>} */
const sqliteChecked = new Map();

/**
 * What `npm start` tells the CMS about the app in front of it: the app's real address (reset and
 * confirmation links, preview links and the admin's frame-src read APP_URL, CORS reads
 * CORS_ORIGINS), so a web server on another port than 4173 is the one they name; and whether
 * GraphQL errors carry developer detail (cms/config/plugins.js): not for the command a school runs.
 * @param {string} appUrl the web server's address, once it listens
 * @param {{ developerErrors?: boolean }} [options]
 * @returns {Record<string, string>}
 */
export function cmsEnvironmentForApp(appUrl, { developerErrors = false } = {}) {
  const app = new URL(appUrl);
  const origins = new Set([app.origin]);
  // A local address is reached by either name.
  if (app.hostname === '127.0.0.1' || app.hostname === 'localhost') {
    for (const name of ['127.0.0.1', 'localhost'])
      origins.add(`${app.protocol}//${name}${app.port ? `:${app.port}` : ''}`);
  }
  return {
    APP_URL: app.origin,
    CORS_ORIGINS: [...origins].join(','),
    CMS_DEVELOPER_ERRORS: developerErrors ? 'true' : 'false',
  };
}

/** @param {number} ms */
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/**
 * The CMS's database settings: PostgreSQL when a URL is passed or DATABASE_URL is set, otherwise
 * SQLite in the data folder. With CMS_FRESH_DATABASE=true (npm run test:postgres) a URL from the
 * environment gets a new empty database per CMS, so the seed runs as on a first boot; a URL
 * passed explicitly is used as it is (two instances sharing one database).
 * @param {string | undefined} databaseUrl @param {string} data
 * @returns {Promise<{ env: Record<string, string>, url: string | null, drop: () => Promise<void> }>}
 */
async function databaseSettings(databaseUrl, data) {
  const url = databaseUrl ?? process.env.DATABASE_URL;
  if (!url) {
    const env = { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: join(data, 'data.db') };
    return { env, url: null, drop: async () => {} };
  }
  if (!databaseUrl && process.env.CMS_FRESH_DATABASE === 'true') {
    const { createFreshDatabase } = await import('./postgres.mjs');
    const fresh = await createFreshDatabase(url);
    return {
      env: { DATABASE_CLIENT: 'postgres', DATABASE_URL: fresh.url },
      url: fresh.url,
      drop: fresh.drop,
    };
  }
  return { env: { DATABASE_CLIENT: 'postgres', DATABASE_URL: url }, url, drop: async () => {} };
}

/**
 * Boots the CMS with its database (SQLite in `dataDir`, or PostgreSQL: see databaseSettings)
 * and uploads inside `dataDir`.
 * @param {{ port: number, host?: string, dataDir: string, admin?: boolean, env?: Record<string, string>, log?: string, databaseUrl?: string, cpuProfDir?: string }} options
 *   admin: serve the admin panel (needs `npm run build` in cms/ first); log: a file for the CMS's
 *   output (otherwise it is kept in memory only, for the error message); cpuProfDir: run the CMS's
 *   Node with --cpu-prof, which writes a .cpuprofile there when it stops (Strapi exits on SIGTERM).
 * @returns {Promise<{ url: string, pid: number, databaseUrl: string | null, stop: () => Promise<void> }>}
 */
export async function startCms({
  port,
  host = '127.0.0.1',
  dataDir,
  admin = false,
  env = {},
  log,
  databaseUrl,
  cpuProfDir,
}) {
  if (!port) throw new Error('startCms: a port is required (see freePort())');
  if (!dataDir) throw new Error('startCms: a dataDir is required');
  if (!existsSync(join(cmsDir, 'node_modules', '@strapi', 'strapi')))
    throw new Error(`startCms: Strapi is missing from ${cmsDir}; run npm install in cms/`);
  const data = resolve(dataDir);
  mkdirSync(join(data, 'public', 'uploads'), { recursive: true });
  const database = await databaseSettings(databaseUrl, data);
  if (database.env.DATABASE_CLIENT === 'sqlite') {
    if (!sqliteChecked.has(cmsDir)) sqliteChecked.set(cmsDir, sqliteProblem());
    const problem = sqliteChecked.get(cmsDir);
    if (problem) throw new Error(problem);
  }

  const url = `http://${host}:${port}`;
  /** @type {string[]} */
  const tail = [];
  const logStream = log ? createWriteStream(resolve(log), { flags: 'a' }) : null;
  /** @param {Buffer} chunk */
  const record = (chunk) => {
    logStream?.write(chunk);
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > TAIL_LINES) tail.shift();
    }
  };

  // cms/scripts/serve.js starts the plain-JavaScript project as `strapi start` does (no
  // TypeScript build, no watcher, and with the admin panel off no admin build either), without
  // loading Strapi's command line first.
  if (cpuProfDir) mkdirSync(resolve(cpuProfDir), { recursive: true });
  const profile = cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(cpuProfDir)}`] : [];
  const child = spawn(process.execPath, [...profile, join('scripts', 'serve.js')], {
    cwd: cmsDir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: host,
      PORT: String(port),
      ...database.env,
      CMS_PUBLIC_DIR: join(data, 'public'),
      // Signing secrets: random per data folder, made on its first boot (cms/src/utils/secrets.js).
      CMS_SECRETS_FILE: join(data, 'secrets.json'),
      CMS_ADMIN: admin ? 'true' : 'false',
      STRAPI_TELEMETRY_DISABLED: 'true',
      BROWSER: 'none',
      FORCE_COLOR: '0',
      ...env,
    },
  });
  child.stdout.on('data', record);
  child.stderr.on('data', record);

  /** @type {{ exited: { code: number | null, signal: NodeJS.Signals | null } | null }} */
  const processState = { exited: null };
  /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
  const exitPromise = new Promise((done) => {
    child.once('exit', (code, signal) => {
      const result = { code, signal };
      processState.exited = result;
      done(result);
    });
  });

  const pid = child.pid;
  if (pid === undefined) throw new Error('startCms: the CMS process could not be spawned');

  const stop = async () => {
    if (!processState.exited) {
      // The whole process group: strapi may have children of its own.
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timedOut = await Promise.race([
        exitPromise.then(() => false),
        // Writing a long run's profile takes a while.
        sleep(cpuProfDir ? 6 * STOP_TIMEOUT_MS : STOP_TIMEOUT_MS).then(() => true),
      ]);
      if (timedOut) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // already gone
        }
        await exitPromise;
      }
    }
    await /** @type {Promise<void>} */ (
      new Promise((done) => (logStream ? logStream.end(() => done()) : done()))
    );
    await database.drop().catch(() => {});
  };

  const started = Date.now();
  while (Date.now() - started < BOOT_TIMEOUT_MS) {
    if (processState.exited) break;
    try {
      const response = await fetch(`${url}/_health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 204 || response.status === 200) {
        return { url, pid, databaseUrl: database.url, stop };
      }
    } catch {
      // not listening yet
    }
    await sleep(250);
  }

  const { exited } = processState;
  const reason = exited
    ? `exited early (code ${exited.code}, signal ${exited.signal})`
    : `did not answer ${url}/_health within ${BOOT_TIMEOUT_MS / 1000} s`;
  await stop();
  throw new Error(`The CMS ${reason}. Its last lines:\n${tail.join('\n')}`);
}

// `node scripts/cms-process.mjs [dataDir]`: boot a CMS by hand until Ctrl-C.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dataDir = process.argv[2] ?? join(cmsDir, '.tmp', 'manual');
  const port = Number(process.env.CMS_PORT ?? (await freePort()));
  const began = Date.now();
  const cms = await startCms({
    port,
    dataDir,
    admin: process.env.CMS_ADMIN === 'true',
    log: join(resolve(dataDir), 'cms.log'),
  });
  console.log(
    `CMS ready at ${cms.url} in ${Date.now() - began} ms (data in ${resolve(dataDir)}). Ctrl-C stops it.`,
  );
  const shutdown = async () => {
    await cms.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
