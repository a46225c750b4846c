// WebKitGTK (the engine of Safari on iPads, as Linux ships it), driven by selenium-webdriver
// through WebKitWebDriver, which starts the MiniBrowser with automation on. It needs a display,
// so the driver runs under xvfb-run; both are stopped by their process group at the end.
import { scratchPath } from '../scripts/scratch.mjs';
import { Buffer } from 'node:buffer';
import process from 'node:process';
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import selenium from 'selenium-webdriver';
import { freePort } from '../scripts/cms-process.mjs';
import { waitUntil } from './engine-driver.mjs';
import { findByRole, spokenText } from './page-queries.mjs';

const { Builder, By, Capabilities, Key, WebElement } = selenium;

/** @typedef {import('./engine-driver.mjs').EngineDriver} EngineDriver */

/**
 * @param {{ webkitDriver: string, xvfbRun: string, width: number, height: number }} options
 * @returns {Promise<EngineDriver>}
 */
export async function launchWebKit({ webkitDriver, xvfbRun, width, height }) {
  const port = await freePort();
  const log = openSync(scratchPath('engines-webkit.log'), 'w');
  // The virtual screen must hold the window: Xvfb's default 640×480 would clip it.
  const service = spawn(
    xvfbRun,
    ['-a', '-s', `-screen 0 ${width + 160}x${height + 160}x24`, webkitDriver, `--port=${port}`],
    {
      detached: true,
      // The MiniBrowser's own chatter (no sound card, no D-Bus) goes to a log, not the report.
      stdio: ['ignore', 'ignore', log],
    },
  );
  closeSync(log);
  const stopService = () => {
    if (service.exitCode === null && service.pid) process.kill(-service.pid, 'SIGTERM');
  };
  try {
    await waitUntil('WebKitWebDriver to answer', async () => {
      if (service.exitCode !== null)
        throw new Error(`WebKitWebDriver exited with ${service.exitCode}`);
      return fetch(`http://127.0.0.1:${port}/status`).then(
        (response) => response.ok,
        () => false,
      );
    });
    const driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities(
        new Capabilities({
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { args: ['--automation'] },
        }),
      )
      .build();
    await driver.manage().window().setRect({ width, height });

    /** @param {import('./page-queries.mjs').Query} query */
    const find = async (query) => {
      const found = await driver.executeScript(findByRole, query);
      return found instanceof WebElement ? found : null;
    };
    // WebDriver classic has no log events in WebKitGTK: a collector is put into each page once it
    // has loaded, so errors from then on (lazy chunks, the worker's answers, IndexedDB) are caught;
    // what fails while the page itself loads shows as a journey's missing text instead.
    /** @type {string[]} */
    const pageErrors = [];
    const collectErrors = () =>
      driver.executeScript(() => {
        const page = /** @type {Window & { journeyErrors?: string[] }} */ (window);
        if (page.journeyErrors) return;
        const errors = (page.journeyErrors = /** @type {string[]} */ ([]));
        window.addEventListener('error', (event) => errors.push(`uncaught: ${event.message}`));
        window.addEventListener('unhandledrejection', (event) =>
          errors.push(`unhandled rejection: ${String(event.reason)}`),
        );
        const consoleError = console.error.bind(console);
        console.error = (...args) => {
          errors.push(`console: ${args.map(String).join(' ')}`);
          consoleError(...args);
        };
      });
    const drainErrors = async () => {
      const found = await driver
        .executeScript(
          () =>
            /** @type {Window & { journeyErrors?: string[] }} */ (window).journeyErrors?.splice(
              0,
            ) ?? [],
        )
        .catch(() => []);
      pageErrors.push(.../** @type {string[]} */ (found));
    };
    return {
      engine: 'WebKitGTK',
      async goto(url) {
        await drainErrors();
        await driver.get(url);
        await collectErrors();
      },
      async reload() {
        await drainErrors();
        await driver.navigate().refresh();
        await collectErrors();
      },
      async clickIfPresent(query) {
        const element = await find(query);
        if (!element) return false;
        await element.click();
        return true;
      },
      async typeIfPresent(label, value, within) {
        const field = await driver.executeScript(findByRole, {
          role: 'textbox',
          name: label,
          ...(within ? { within } : {}),
        });
        if (!(field instanceof WebElement)) return false;
        await field.sendKeys(value);
        return true;
      },
      async textOf(query) {
        const element = await find(query);
        return element ? String(await driver.executeScript(spokenText, element)) : null;
      },
      async chooseFile(inputId, path) {
        await driver.findElement(By.css(`#${inputId}`)).sendKeys(path);
      },
      async press(key) {
        await driver
          .actions()
          .sendKeys(key === 'Enter' ? Key.ENTER : Key.ARROW_RIGHT)
          .perform();
      },
      evaluate: /** @type {import('./engine-driver.mjs').EngineDriver['evaluate']} */ (
        (fn, ...args) => driver.executeScript(fn, ...args)
      ),
      screenshot: async () => Buffer.from(await driver.takeScreenshot(), 'base64'),
      async takePageErrors() {
        await drainErrors();
        return pageErrors.splice(0);
      },
      async quit() {
        await driver.quit().catch(() => {});
        stopService();
      },
    };
  } catch (error) {
    stopService();
    throw error;
  }
}
