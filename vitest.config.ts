import { defineConfig } from 'vitest/config';

// Projects: the app's unit and component tests in jsdom with fake-indexeddb, and the
// tests that boot real processes (the Strapi CMS, the web server) in plain Node.
export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/cms/**', 'tests/server/**'],
          setupFiles: ['tests/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'servers',
          environment: 'node',
          include: ['tests/cms/**/*.test.ts', 'tests/server/**/*.test.ts'],
          testTimeout: 60_000,
          // Longer than startCms's own boot limit, so a slow boot says why it failed.
          hookTimeout: 300_000,
          // One CMS boot at a time: two Strapi seeds in parallel starve a 2-core machine.
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // Benchmarks that need the sync code and fake-indexeddb: `npm run bench` only.
          name: 'bench',
          environment: 'jsdom',
          include: ['bench/**/*.measure.ts'],
          testTimeout: 300_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
