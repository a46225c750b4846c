// A throwaway PostgreSQL for tests: finds the server binaries (installing Debian's `postgresql`
// package when missing and running as root), runs initdb in a temp directory, starts the server
// on a free loopback port and removes everything afterwards. Nothing is killed by name: the
// server is stopped with `pg_ctl stop` on its own data directory.
//
// `npm run test:postgres` (this file run directly): the CMS server tests, the two-instance test,
// the playlist pull measure
// and the sync e2e specs against it. The exported helpers are reused by bench/load-school.mjs.
import { scratchDir } from './scratch.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
// PostgreSQL's data folder is the one scratch folder outside the repository (startPostgres).
// eslint-disable-next-line no-restricted-imports
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const rootDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const isRoot = process.getuid?.() === 0;
// PostgreSQL refuses to run as root: as root, initdb and pg_ctl run as this OS user.
const PG_OS_USER = 'postgres';

/** The directory holding pg_ctl and initdb, or null. */
export function findPostgresBin() {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, 'pg_ctl')) && existsSync(join(dir, 'initdb'))) return dir;
  }
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  // Newest major version first.
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = join(base, version, 'bin');
    if (existsSync(join(dir, 'pg_ctl')) && existsSync(join(dir, 'initdb'))) return dir;
  }
  return null;
}

/** Finds the binaries, installing Debian's package with apt-get when root; throws with advice otherwise. */
export function ensurePostgresBin() {
  const found = findPostgresBin();
  if (found) return found;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      'PostgreSQL server binaries (pg_ctl, initdb) not found. Install them, e.g. ' +
        '`sudo apt-get install postgresql` on Debian/Ubuntu or `brew install postgresql` on macOS, ' +
        'or run the CMS against your own server by setting DATABASE_URL.',
    );
  }
  console.log('postgres: installing Debian\'s "postgresql" package with apt-get…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'postgresql']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0)
      throw new Error(`apt-get ${args.join(' ')} failed (status ${result.status})`);
  }
  const installed = findPostgresBin();
  if (!installed) throw new Error('postgresql was installed but pg_ctl/initdb are still missing');
  return installed;
}

/**
 * Runs a PostgreSQL binary (as the postgres OS user when we are root).
 * @param {string} bin @param {string[]} args
 */
function runPg(bin, args) {
  const [command, commandArgs] = isRoot
    ? ['runuser', ['-u', PG_OS_USER, '--', bin, ...args]]
    : [bin, args];
  const result = spawnSync(command, commandArgs, { encoding: 'utf8', cwd: tmpdir() });
  if (result.status !== 0) {
    throw new Error(
      `${bin} ${args.join(' ')} failed:\n${result.stdout ?? ''}${result.stderr ?? ''}`,
    );
  }
  return result.stdout;
}

/** A free loopback port (not from cms-process.mjs, which imports this file). @returns {Promise<number>} */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The `pg` client that cms/ installs (the root project does not depend on it). */
function loadPg() {
  const require = createRequire(join(rootDir, 'cms', 'package.json'));
  /** @typedef {{ connect(): Promise<void>, query(sql: string): Promise<{ rows: Record<string, unknown>[] }>, end(): Promise<void> }} PgClient */
  return /** @type {{ Client: new (options: { connectionString: string }) => PgClient }} */ (
    require('pg')
  );
}

/**
 * Runs one statement against a database URL.
 * @param {string} url @param {string} sql
 */
export async function runSql(url, sql) {
  const { Client } = loadPg();
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Creates a new empty database next to the one in `url` and returns its URL, with a drop
 * function. A CMS booted on it seeds exactly as on a first boot.
 * @param {string} url @param {string} [name]
 */
export async function createFreshDatabase(url, name) {
  const database =
    name ?? `cms_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(database))
    throw new Error(`createFreshDatabase: bad name ${database}`);
  await runSql(url, `CREATE DATABASE ${database}`);
  const fresh = new URL(url);
  fresh.pathname = `/${database}`;
  return {
    url: fresh.toString(),
    // WITH (FORCE) (PostgreSQL 13+) ends leftover connections, e.g. of a CMS that was killed.
    drop: () =>
      runSql(url, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).then(() => undefined),
  };
}

/**
 * Starts a throwaway PostgreSQL on 127.0.0.1 with trust authentication (loopback only).
 * @param {{ database?: string, settings?: Record<string, string> }} [options]
 * @returns {Promise<{ url: string, port: number, dir: string, stop: () => Promise<void> }>}
 */
export async function startPostgres({ database = 'music_classroom', settings = {} } = {}) {
  const bin = ensurePostgresBin();
  // The one scratch folder outside the repository: PostgreSQL runs as the postgres user, who
  // must own its data folder and reach it, which a checkout under root's home does not allow.
  const dir = mkdtempSync(join(tmpdir(), 'music-classroom-pg-'));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'postgres.log');
  if (isRoot) {
    const ids = spawnSync('id', ['-u', PG_OS_USER], { encoding: 'utf8' });
    const gids = spawnSync('id', ['-g', PG_OS_USER], { encoding: 'utf8' });
    if (ids.status !== 0)
      throw new Error(`No "${PG_OS_USER}" OS user to run PostgreSQL as (root cannot)`);
    chownSync(dir, Number(ids.stdout.trim()), Number(gids.stdout.trim()));
  }
  let started = false;
  const stop = async () => {
    if (started) {
      try {
        runPg(join(bin, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'fast', '-w']);
      } catch (error) {
        console.error(String(error));
      }
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    runPg(join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-locale',
    ]);
    const port = await freePort();
    // A throwaway cluster: durability settings off for speed (never do this with real data).
    const options = {
      listen_addresses: '127.0.0.1',
      port: String(port),
      unix_socket_directories: dir,
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      max_connections: '200',
      ...settings,
    };
    const serverArgs = Object.entries(options)
      .map(([key, value]) => `-c ${key}=${value}`)
      .join(' ');
    runPg(join(bin, 'pg_ctl'), [
      'start',
      '-D',
      dataDir,
      '-l',
      logFile,
      '-w',
      '-t',
      '60',
      '-o',
      serverArgs,
    ]);
    started = true;
    const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
    await runSql(adminUrl, `CREATE DATABASE ${database}`);
    return { url: `postgres://postgres@127.0.0.1:${port}/${database}`, port, dir, stop };
  } catch (error) {
    const log = existsSync(logFile)
      ? readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n')
      : '';
    await stop();
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}${log ? `\n${log}` : ''}`,
    );
  }
}

/**
 * Runs a command with inherited output; resolves with its exit code.
 * @param {string} command @param {string[]} args @param {NodeJS.ProcessEnv} env
 * @param {{ current: import('node:child_process').ChildProcess | null }} running
 */
function run(command, args, env, running) {
  console.log(`\n▶ ${command} ${args.join(' ')}`);
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: rootDir, env, stdio: 'inherit' });
    running.current = child;
    child.once('exit', (code, signal) => {
      running.current = null;
      done(code ?? (signal ? 1 : 0));
    });
  });
}

async function main() {
  const began = Date.now();
  const pg = await startPostgres();
  console.log(`postgres: ready at ${pg.url} (data in ${pg.dir}) in ${Date.now() - began} ms`);
  const distDir = scratchDir('music-classroom-pg-dist-');
  /** @type {{ current: import('node:child_process').ChildProcess | null }} */
  const running = { current: null };
  let cleaned = false;
  const cleanUp = async () => {
    if (cleaned) return;
    cleaned = true;
    rmSync(distDir, { recursive: true, force: true });
    await pg.stop();
  };
  /** @param {NodeJS.Signals} signal */
  const onSignal = async (signal) => {
    console.log(`\npostgres: ${signal}, stopping…`);
    // The child usually got the terminal's signal too; tell it in case we alone were signalled.
    running.current?.kill(signal);
    await new Promise((done) =>
      running.current ? running.current.once('exit', done) : done(undefined),
    );
    await cleanUp();
    process.exit(130);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  // Every CMS the tests start gets its own empty database on this server (cms-process.mjs).
  const env = {
    ...process.env,
    DATABASE_URL: pg.url,
    CMS_FRESH_DATABASE: 'true',
    E2E_DIST_DIR: distDir,
  };
  /** @type {{ step: string, code: number, ms: number }[]} */
  const steps = [];
  /** @param {string} step @param {string} command @param {string[]} args */
  const step = async (step, command, args) => {
    const stepBegan = Date.now();
    const code = await run(command, args, env, running);
    steps.push({ step, code, ms: Date.now() - stepBegan });
    return code;
  };
  try {
    const vitest = join(rootDir, 'node_modules', '.bin', 'vitest');
    await step('CMS server tests + two instances', vitest, [
      'run',
      '--project',
      'servers',
      'tests/cms',
      'tests/server/two-instances.postgres.test.ts',
    ]);
    // What the teacher's whole pull of 50 playlists x 100 items costs the CMS on PostgreSQL
    // (figures, not pass/fail: bench/results/playlist-pull-postgres.json).
    await step('playlist pull measure', vitest, [
      'run',
      '--project',
      'bench',
      'bench/playlist-pull.measure.ts',
    ]);
    const built = await step('build', join(rootDir, 'node_modules', '.bin', 'vite'), [
      'build',
      '--outDir',
      distDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ]);
    if (built === 0) {
      await step('chromium', process.execPath, [join(rootDir, 'scripts', 'ensure-chromium.mjs')]);
      await step('sync e2e', join(rootDir, 'node_modules', '.bin', 'playwright'), [
        'test',
        'e2e/playlists.spec.ts',
        'e2e/chaos-sync.spec.ts',
        '--output',
        join(distDir, 'results'),
      ]);
    }
  } finally {
    await cleanUp();
  }
  const failed = steps.filter((s) => s.code !== 0);
  console.log('\ntest:postgres');
  for (const s of steps)
    console.log(`  ${s.code === 0 ? 'ok  ' : 'FAIL'} ${s.step} (${(s.ms / 1000).toFixed(1)} s)`);
  console.log(`  total ${((Date.now() - began) / 1000).toFixed(1)} s`);
  process.exit(failed.length ? 1 : 0);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
