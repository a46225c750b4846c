import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findTestChromium } from './scripts/find-chromium.mjs';

const executablePath = findTestChromium() ?? undefined;

// The stack (a throwaway seeded CMS and the built PWA behind the web server) is started once
// by global-setup on free ports; tests get its address through the `baseURL` fixture.
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two cores: one worker keeps the CMS and the browser from starving each other.
  workers: 1,
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
