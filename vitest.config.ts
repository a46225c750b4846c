import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vitest/config';
import { appGraphqlDocumentsPlugin } from './scripts/app-graphql-documents.mjs';

/**
 * The app build gives the bare `graphql` a slim stand-in (vite.config.ts). Unit tests run
 * what ships: graphql-request (processed by Vite here, not loaded by Node, so that it resolves the
 * same way) and src/ get the stand-in too. Everything else keeps graphql-js: the tests' own tools
 * (tests/support/answer-as-cms.ts, the query-limit checks) and the build's (scripts/: the
 * documents' compiled forms are made with graphql-js, and checked against it).
 */
function slimGraphqlOutsideTests(): Plugin {
  const slim = fileURLToPath(new URL('./src/lib/cms/graphql-slim.ts', import.meta.url));
  const shipped = [
    fileURLToPath(new URL('./src/', import.meta.url)),
    fileURLToPath(new URL('./node_modules/graphql-request/', import.meta.url)),
  ];
  return {
    name: 'slim-graphql-outside-tests',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === 'graphql' && importer && shipped.some((path) => importer.startsWith(path))
        ? slim
        : null;
    },
  };
}

// Projects: the app's unit and component tests in jsdom with fake-indexeddb, and the
// tests that boot real processes (the Strapi CMS, the web server) in plain Node.
export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    // Two test files at a time, one per core (Vitest's default leaves one core free). A servers
    // file boots a copy of the one seeded template (no seed runs in a test), and its CMS is idle
    // while the test waits on it. Measured side by side: the servers project took 306 s so
    // against 457 s one file at a time, all passing.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // The worker's list of the app's GraphQL documents, as the build gives it (vite.config.ts).
        plugins: [
          slimGraphqlOutsideTests(),
          appGraphqlDocumentsPlugin(fileURLToPath(new URL('.', import.meta.url))),
        ],
        test: {
          name: 'unit',
          environment: 'jsdom',
          server: { deps: { inline: ['graphql-request'] } },
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/cms/**', 'tests/server/**'],
          setupFiles: ['tests/setup.ts'],
          // Vitest's 5 s would fail tests of 2 to 3 s here (a ZIP read back, the codegen check)
          // on CI machines that have run script 2.4 times slower.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'servers',
          environment: 'node',
          include: ['tests/cms/**/*.test.ts', 'tests/server/**/*.test.ts'],
          // One seeded CMS per run, copied for each test CMS (scripts/cms-seed-template.mjs).
          globalSetup: ['tests/cms/support/seed-template.setup.ts'],
          // The generated sweeps (every populate path, operator, address) take up to 25 s here at
          // load 4 to 9, and CI machines have run script up to 2.4 times slower: a limit that
          // catches a hang, not a slow machine.
          testTimeout: 180_000,
          // Longer than startCms's own boot limit, so a slow boot says why it failed.
          hookTimeout: 300_000,
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
