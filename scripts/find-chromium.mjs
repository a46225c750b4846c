// Finds a Chromium for Playwright: `npx playwright install` cannot download browsers here, so
// the tests drive the system's Chromium. Order: CHROMIUM_PATH, then known system paths.
import { existsSync } from 'node:fs';

const SYSTEM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/**
 * Debian's build of Chromium's headless shell (package chromium-headless-shell): the same Blink,
 * V8 and network stack as /usr/bin/chromium without the desktop browser around them, which is
 * what Playwright itself runs for headless Chromium when it can download its own.
 */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/** Flags that keep Chromium quiet on a machine with a closed network (see docs/testing.md). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The full browser a teacher runs, for the benchmarks (first paint, Lighthouse, slide changes).
 * @returns {string | null}
 */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist`);
    return fromEnv;
  }
  return SYSTEM_PATHS.find((path) => existsSync(path)) ?? null;
}

/**
 * The browser for the end-to-end tests: the headless shell when it is installed (measured side by
 * side on the same specs, it spent about a quarter less CPU than the full browser; docs/testing.md),
 * otherwise the full browser. CHROMIUM_PATH wins over both.
 * @returns {string | null}
 */
export function findTestChromium() {
  if (!process.env.CHROMIUM_PATH && existsSync(HEADLESS_SHELL_PATH)) return HEADLESS_SHELL_PATH;
  return findChromium();
}
