import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { appGraphqlDocumentsPlugin } from './scripts/app-graphql-documents.mjs';
import { CMS_PROXIED_PATHS } from './src/lib/cms-paths.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
// The build id busts the persisted query cache and names the release in the UI; a new
// deployment must never paint from a cache written by older code.
const buildId = process.env.APP_BUILD_ID ?? `${pkg.version}+${Date.now().toString(36)}`;
const cmsTarget = process.env.CMS_URL ?? 'http://127.0.0.1:1337';

export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify(buildId),
  },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The page registers the worker itself through src/lib/sw-bridge.ts (workbox-window),
      // so that updates wait for the teacher's say-so instead of reloading mid-lesson.
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        // A classic (non-module) worker: module service workers are still missing on older Safari.
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        globIgnores: ['**/*.map'],
        // The worker caches answers to the app's own documents only; it gets their hashes here.
        buildPlugins: {
          vite: [appGraphqlDocumentsPlugin(fileURLToPath(new URL('.', import.meta.url)))],
        },
      },
      manifest: {
        name: 'Music Classroom',
        short_name: 'Music Classroom',
        description:
          'Music lessons, activities and audio for classroom teaching, online and offline.',
        lang: 'en-GB',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        // The installed app opens a lesson file from the file manager on the storage page
        // (src/features/offline/components/open-lesson-file.tsx reads it from launchQueue).
        file_handlers: [
          {
            action: '/offline',
            accept: { 'application/vnd.music-classroom.lesson+zip': ['.mclesson'] },
          },
        ],
        background_color: '#ffffff',
        theme_color: '#1d3557',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
    }),
    // A Brotli copy (quality 11) beside every script and stylesheet: the web server sends it to
    // browsers that accept Brotli (server/web-server.mjs), about 13 % fewer bytes than gzip and no
    // compression work per request. The worker precaches the originals only (globPatterns).
    compression({ algorithms: ['brotliCompress'], include: /\.(?:js|css)$/ }),
  ],
  resolve: {
    alias: [
      // graphql-request imports `parse`, `print` and `Kind` from `graphql` statically, which would
      // ship graphql-js's parser, lexer and printer (most of the client chunk). The app sends only
      // its own documents, compiled at build time (`npm run codegen`), so the bare module gets a
      // stand-in that looks their compiled forms up and parses nothing (every document's form
      // against graphql-js: tests/lib/cms/app-document.test.ts). Exact match only: deep paths
      // such as `graphql/language/kinds` still reach the real package.
      {
        find: /^graphql$/,
        replacement: fileURLToPath(new URL('./src/lib/cms/graphql-slim.ts', import.meta.url)),
      },
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // bench/bundle-size.mjs reads it to measure what each route family loads first.
    manifest: true,
    // bench/offline-probes.mjs and bench/startup.mjs build the app with probe pages beside it
    // (BENCH_PROBES=1): how much of an offline cold start this stack needs at the least, and a
    // page rendering one React component that start-up work is measured against. Never in a release.
    rolldownOptions: {
      // Writing the Brotli copies takes a couple of seconds after the bundle is done, which the
      // bundler's timing check would report as a slow plugin at every build.
      checks: { bundlerTimings: false },
      ...(process.env.BENCH_PROBES === '1'
        ? {
            input: {
              index: 'index.html',
              floor: 'bench/probes/floor.html',
              lesson: 'bench/probes/lesson.html',
              bare: 'bench/probes/bare.html',
              one: 'bench/probes/one.html',
            },
          }
        : {}),
    },
  },
  server: {
    proxy: Object.fromEntries(CMS_PROXIED_PATHS.map((path) => [path, cmsTarget])),
  },
});
