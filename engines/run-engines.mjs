// `npm run test:engines`: the search, offline lesson, offline playlist and full reloads journeys
// in Firefox ESR and WebKitGTK against the real stack (Chromium runs the same journeys in the
// Playwright e2e: search.spec.ts, search-offline.spec.ts, downloads.spec.ts and
// playlists.spec.ts). Prints each engine's timings; exits non-zero if a journey failed.
// ENGINES=firefox or ENGINES=webkit runs one engine; ENGINES_DIST_DIR picks the built app
// (default dist/).
import { scratchPath } from '../scripts/scratch.mjs';
import process from 'node:process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureEngines } from '../scripts/ensure-engines.mjs';
import { launchFirefox } from './firefox-driver.mjs';
import { JOURNEYS } from './journeys.mjs';
import { startStack } from './stack.mjs';
import { launchWebKit } from './webkit-driver.mjs';

const VIEWPORT = { width: 1440, height: 900 };
const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1)} s`;

const paths = ensureEngines();
if (!paths?.firefox || !paths.webkitDriver || !paths.xvfbRun) process.exit(1);
const { firefox, webkitDriver, xvfbRun } = paths;

/** @type {{ key: string, launch: () => Promise<import('./engine-driver.mjs').EngineDriver> }[]} */
const ENGINES = [
  { key: 'firefox', launch: () => launchFirefox({ executablePath: firefox, ...VIEWPORT }) },
  { key: 'webkit', launch: () => launchWebKit({ webkitDriver, xvfbRun, ...VIEWPORT }) },
];
const wanted = (process.env.ENGINES ?? 'firefox,webkit').split(',');

const distDir = process.env.ENGINES_DIST_DIR ?? 'dist';
if (!existsSync(join(distDir, 'index.html'))) {
  console.error(`engines: ${distDir}/index.html is missing: build the app first (npx vite build).`);
  process.exit(1);
}

/**
 * What the page showed when a journey failed: a screenshot and its address and text, in the
 * temporary folder (CI keeps nothing else of a browser that has closed).
 * @param {import('./engine-driver.mjs').EngineDriver} driver @param {string} journey
 */
async function keepEvidence(driver, journey) {
  try {
    const base = scratchPath(`engines-${driver.engine}-${journey}`.replace(/[^\w.-]+/g, '-'));
    writeFileSync(`${base}.png`, await driver.screenshot());
    const page = await driver.evaluate(() => `${location.href}\n\n${document.body.innerText}`);
    writeFileSync(`${base}.txt`, page);
    // CI prints only the log, so the log carries what the page said as well.
    const excerpt = page.replace(/\s+/g, ' ').slice(0, 700);
    return ` (the page: ${base}.png, ${base}.txt)\n  the page said: ${excerpt}`;
  } catch {
    return '';
  }
}

/** @type {{ engine: string, journey: string, ms: number, outcome: string, passed: boolean }[]} */
const results = [];
const started = Date.now();
const stack = await startStack({ distDir });
try {
  for (const { key, launch } of ENGINES.filter((engine) => wanted.includes(engine.key))) {
    const launchStarted = Date.now();
    const driver = await launch();
    results.push({
      engine: driver.engine,
      journey: 'browser start',
      ms: Date.now() - launchStarted,
      outcome: key,
      passed: true,
    });
    try {
      for (const journey of JOURNEYS) {
        const journeyStarted = Date.now();
        console.log(`engines: ${driver.engine}: ${journey.name}…`);
        try {
          await driver.takePageErrors();
          const outcome = await journey.run(driver, stack);
          // A journey whose slides still ran fails all the same on an error in the page (a chunk
          // the worker could not serve, an uncaught rejection): the teacher may meet it elsewhere.
          const errors = await driver.takePageErrors();
          if (errors.length > 0)
            throw new Error(`the page reported errors:\n    ${errors.join('\n    ')}`);
          results.push({
            engine: driver.engine,
            journey: journey.name,
            ms: Date.now() - journeyStarted,
            outcome,
            passed: true,
          });
        } catch (error) {
          const outcome = `${error instanceof Error ? error.message : String(error)}${await keepEvidence(driver, journey.name)}`;
          results.push({
            engine: driver.engine,
            journey: journey.name,
            ms: Date.now() - journeyStarted,
            outcome,
            passed: false,
          });
        }
        const last = results.at(-1);
        console.log(
          `engines: ${driver.engine}: ${journey.name} ${last?.passed ? 'passed' : 'FAILED'} in ${seconds(last?.ms ?? 0)}: ${last?.outcome}`,
        );
      }
    } finally {
      await driver.quit();
    }
  }
} finally {
  await stack.stop();
}

console.log('\nengines: results');
for (const result of results)
  console.log(
    `  ${result.passed ? 'pass' : 'FAIL'}  ${result.engine.padEnd(12)} ${result.journey.padEnd(17)} ${seconds(result.ms).padStart(8)}`,
  );
console.log(`  total ${seconds(Date.now() - started)} (with the CMS's boot)`);
if (results.some((result) => !result.passed)) process.exit(1);
