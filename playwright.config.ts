import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findTestChromium } from './scripts/find-chromium.mjs';

const executablePath = findTestChromium() ?? undefined;

// global-setup seeds one throwaway CMS data folder; each worker then boots its own stack on a
// copy of it (a CMS, the fault proxy and the built PWA behind the web server, on free ports:
// e2e/support/stack.ts), and tests get its address through the `baseURL` fixture.
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  outputDir: 'test-results',
  // Tests of 25 to 32 s at load 4 to 9 here, on CI machines that have run script 2.4 times
  // slower: limits that catch a hang, not a slow machine (long walks set their own).
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // Two workers, each with its own stack, so no test sees another's faults or content changes.
  // On two cores one worker left about a third of the machine idle (the browser, the CMS and the
  // runner take turns); with two the suite took 20 minutes against 28 (docs/testing.md, "What a
  // run costs"). E2E_WORKERS=1 runs one at a time.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    // A trace only for a retry: recording one for every test took about 30 % of the suite's CPU
    // (measured side by side, docs/testing.md). CI retries a failure once, with its trace; a local
    // run that needs one passes --trace on.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    serviceWorkers: 'allow',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath, args: CHROMIUM_ARGS } },
    },
  ],
});
