// The few things a journey asks of a browser, so one journey runs in Firefox (puppeteer-core over
// WebDriver BiDi) and WebKitGTK (selenium-webdriver over WebDriver classic) alike. Each driver
// answers at once ("is it there now?"); waiting lives here, once, as polling of what the page
// shows, with a bound that only turns a hang into a readable failure.

/** @typedef {import('./page-queries.mjs').Query} Query */

/**
 * @typedef {object} EngineDriver
 * @property {string} engine the engine's name as the report prints it
 * @property {(url: string) => Promise<void>} goto
 * @property {() => Promise<void>} reload
 * @property {(query: Query) => Promise<boolean>} clickIfPresent a real click on the element, if it is there
 * @property {(label: string, value: string, within: Query | null) => Promise<boolean>} typeIfPresent types into an empty field
 * @property {(query: Query) => Promise<string | null>} textOf the element's text, or null when it is not there
 * @property {(key: 'ArrowRight' | 'Enter') => Promise<void>} press a key, to the focused element
 * @property {(inputId: string, path: string) => Promise<void>} chooseFile gives the file input with
 *   that id a file from disk, as the browser's file picker does
 * @property {<T>(fn: (...args: any[]) => T, ...args: unknown[]) => Promise<Awaited<T>>} evaluate runs a self-contained function in the page
 * @property {() => Promise<Buffer>} screenshot a PNG of the page, kept when a journey fails
 * @property {() => Promise<string[]>} takePageErrors the page's uncaught errors and console errors
 *   since the last call (a journey whose slides still ran fails on them all the same)
 * @property {() => Promise<void>} quit closes the browser and stops what the driver started
 */

const POLL_MS = 200;
const DEFAULT_WAIT_MS = 30_000;

/**
 * Polls `check` until it gives a truthy value and returns it; after `timeoutMs` fails with what
 * was awaited and the last value seen.
 * @template T
 * @param {string} what
 * @param {() => Promise<T>} check
 * @param {number} [timeoutMs]
 * @returns {Promise<NonNullable<T>>}
 */
export async function waitUntil(what, check, timeoutMs = DEFAULT_WAIT_MS) {
  const deadline = Date.now() + timeoutMs;
  /** @type {unknown} */
  let last;
  for (;;) {
    try {
      last = await check();
      if (last) return /** @type {NonNullable<T>} */ (last);
    } catch (error) {
      // A navigation in progress can destroy the page's context mid-check: try again.
      last = error instanceof Error ? error.message : error;
    }
    if (Date.now() > deadline)
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting for ${what} (last: ${JSON.stringify(last)})`,
      );
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** @param {Query} query @returns {string} */
const describe = (query) =>
  `${query.role} ${query.name !== undefined ? `"${query.name}"` : query.pattern ? `/${query.pattern.source}/` : ''}${
    query.within ? ` in ${describe(query.within)}` : ''
  }`;

/** @param {EngineDriver} driver @param {Query} query @param {number} [timeoutMs] */
export async function click(driver, query, timeoutMs) {
  await waitUntil(`${describe(query)} to click`, () => driver.clickIfPresent(query), timeoutMs);
}

/** @param {EngineDriver} driver @param {string} label @param {string} value @param {Query | null} [within] */
export async function type(driver, label, value, within = null) {
  await waitUntil(`the field "${label}"`, () => driver.typeIfPresent(label, value, within));
}

/**
 * Waits until the element is there with text that matches (whole string, or a pattern).
 * @param {EngineDriver} driver @param {Query} query @param {string | RegExp} [expected] @param {number} [timeoutMs]
 * @returns {Promise<string>}
 */
export async function expectText(driver, query, expected, timeoutMs) {
  return waitUntil(
    `${describe(query)}${expected === undefined ? '' : ` to read ${String(expected)}`}`,
    async () => {
      const text = await driver.textOf(query);
      if (text === null) return null;
      if (expected === undefined) return text || ' ';
      return (typeof expected === 'string' ? text === expected : expected.test(text)) ? text : null;
    },
    timeoutMs,
  );
}
