// Makes sure the two other browser engines exist before `npm run test:engines`, as
// ensure-chromium.mjs does for Chromium: an override from the environment, else the system's
// binaries, else Debian's packages installed with apt-get when running as root. Otherwise it says
// exactly what to do. Imported by the engine runner for the paths; run directly it installs.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * What the engine tests need: Firefox ESR (driven over WebDriver BiDi by puppeteer-core), and
 * WebKitGTK's WebDriver with its MiniBrowser under a virtual X display (selenium-webdriver).
 */
const NEEDS = /** @type {const} */ ([
  {
    key: 'firefox',
    env: 'FIREFOX_PATH',
    paths: ['/usr/bin/firefox-esr', '/usr/bin/firefox'],
    apt: 'firefox-esr',
  },
  {
    key: 'webkitDriver',
    env: 'WEBKIT_DRIVER_PATH',
    paths: ['/usr/bin/WebKitWebDriver'],
    apt: 'webkit2gtk-driver',
  },
  { key: 'xvfbRun', env: 'XVFB_RUN_PATH', paths: ['/usr/bin/xvfb-run'], apt: 'xvfb' },
]);

/** @typedef {{ firefox: string | null, webkitDriver: string | null, xvfbRun: string | null }} EnginePaths */

/** @returns {EnginePaths} */
export function findEngines() {
  /** @type {EnginePaths} */
  const found = { firefox: null, webkitDriver: null, xvfbRun: null };
  for (const need of NEEDS) {
    const fromEnv = process.env[need.env];
    if (fromEnv) {
      if (!existsSync(fromEnv)) throw new Error(`${need.env}=${fromEnv} does not exist`);
      found[need.key] = fromEnv;
    } else {
      found[need.key] = need.paths.find((path) => existsSync(path)) ?? null;
    }
  }
  return found;
}

/** @param {string} command @param {string[]} args */
function run(command, args) {
  console.log(`ensure-engines: ${command} ${args.join(' ')}`);
  return (
    spawnSync(command, args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0
  );
}

/** Installs what is missing where it can; returns the paths, or null after saying what to do. */
export function ensureEngines() {
  let found = findEngines();
  const missing = () => NEEDS.filter((need) => !found[need.key]);
  if (
    missing().length > 0 &&
    process.getuid?.() === 0 &&
    spawnSync('which', ['apt-get']).status === 0
  ) {
    const packages = missing().map((need) => need.apt);
    if (
      run('apt-get', ['update', '-qq']) &&
      run('apt-get', ['install', '-y', '-qq', ...packages])
    ) {
      found = findEngines();
    }
  }
  if (missing().length > 0) {
    console.error(
      [
        `ensure-engines: missing for the engine tests: ${missing()
          .map((need) => need.apt)
          .join(', ')}.`,
        'Install them and run again, e.g.:',
        `  sudo apt-get install -y ${missing()
          .map((need) => need.apt)
          .join(' ')}        (Debian/Ubuntu)`,
        'or point these at your own binaries:',
        ...missing().map((need) => `  ${need.env}=/path/to/${need.paths[0]?.split('/').pop()}`),
      ].join('\n'),
    );
    return null;
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = ensureEngines();
  if (!found) process.exit(1);
  console.log(
    `ensure-engines: Firefox ${found.firefox}, WebKitWebDriver ${found.webkitDriver}, xvfb-run ${found.xvfbRun}`,
  );
}
