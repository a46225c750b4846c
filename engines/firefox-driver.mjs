// Firefox ESR, driven by puppeteer-core over WebDriver BiDi (Firefox's own automation protocol;
// puppeteer no longer speaks CDP to Firefox).
import { Buffer } from 'node:buffer';
import puppeteer from 'puppeteer-core';
import { findByRole, spokenText } from './page-queries.mjs';

/** @typedef {import('./engine-driver.mjs').EngineDriver} EngineDriver */

/** @param {{ executablePath: string, width: number, height: number }} options @returns {Promise<EngineDriver>} */
export async function launchFirefox({ executablePath, width, height }) {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath,
    headless: true,
    defaultViewport: { width, height },
  });
  try {
    // A new page gets the default viewport; the one Firefox opens with does not.
    const page = await browser.newPage();
    /** @type {string[]} */
    const pageErrors = [];
    // A request of the page the driver is leaving, cut short by the navigation, is reported by
    // Firefox as the worker's failure ("A ServiceWorker intercepted the request and encountered
    // an unexpected error") although the worker answered: the page that asked is gone. Only that
    // message, and only while a navigation the driver started is under way, is not the page's error.
    let leavingUntil = 0;
    const LEAVING_GRACE_MS = 1000;
    const record = (/** @type {string} */ text) => {
      if (Date.now() <= leavingUntil && /A ServiceWorker intercepted the request/.test(text))
        return;
      pageErrors.push(text);
    };
    /** @param {() => Promise<unknown>} navigate */
    const leave = async (navigate) => {
      leavingUntil = Number.POSITIVE_INFINITY;
      try {
        await navigate();
      } finally {
        leavingUntil = Date.now() + LEAVING_GRACE_MS;
      }
    };
    page.on('pageerror', (error) =>
      record(`uncaught: ${error instanceof Error ? error.message : String(error)}`),
    );
    page.on('console', (message) => {
      if (message.type() === 'error') record(`console: ${message.text()}`);
    });
    /** @param {import('./page-queries.mjs').Query} query */
    const find = async (query) =>
      /** @type {import('puppeteer-core').ElementHandle<Element> | null} */ (
        (await page.evaluateHandle(findByRole, query)).asElement()
      );
    return {
      engine: 'Firefox ESR',
      async goto(url) {
        await leave(() => page.goto(url, { waitUntil: 'load' }));
      },
      async reload() {
        await leave(() => page.reload({ waitUntil: 'load' }));
      },
      async clickIfPresent(query) {
        const element = await find(query);
        if (!element) return false;
        await element.click();
        return true;
      },
      async typeIfPresent(label, value, within) {
        const field = await find({ role: 'textbox', name: label, ...(within ? { within } : {}) });
        if (!field) return false;
        await field.type(value);
        return true;
      },
      async textOf(query) {
        const element = await find(query);
        return element ? element.evaluate(spokenText) : null;
      },
      async press(key) {
        await page.keyboard.press(key);
      },
      async chooseFile(inputId, path) {
        const input =
          /** @type {import('puppeteer-core').ElementHandle<HTMLInputElement> | null} */ (
            await page.$(`#${inputId}`)
          );
        if (!input) throw new Error(`no file input #${inputId}`);
        await input.uploadFile(path);
      },
      // puppeteer's own typing of evaluate is narrower than the shared interface's.
      evaluate: /** @type {EngineDriver['evaluate']} */ (
        (fn, ...args) => page.evaluate(fn, ...args)
      ),
      screenshot: async () => Buffer.from(await page.screenshot()),
      takePageErrors: async () => pageErrors.splice(0),
      quit: () => browser.close(),
    };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
