'use strict';

/**
 * `npm run build`: builds the admin panel, as `strapi build` does for a JavaScript project.
 *
 * Not `strapi build` itself: its CLI looks for a tsconfig.json in this folder *and every parent*,
 * finds the PWA's tsconfig.json at the repository root, and then tries to compile this
 * JavaScript project as TypeScript. The build function it calls takes the tsconfig as an
 * argument, so this calls it with none. (`strapi start` only looks in this folder, so it is used
 * as it is.) The path below is internal to @strapi/strapi, which is pinned to an exact version.
 */
const path = require('node:path');

const strapiDir = path.dirname(require.resolve('@strapi/strapi/package.json'));
const { build } = require(path.join(strapiDir, 'dist', 'src', 'node', 'build.js'));
const { createLogger } = require(path.join(strapiDir, 'dist', 'src', 'cli', 'utils', 'logger.js'));

const debug = process.argv.includes('--debug');
const logger = createLogger({ debug, silent: false, timestamp: false });

build({
  cwd: path.join(__dirname, '..'),
  logger,
  tsconfig: undefined,
  bundler: 'vite',
  minify: true,
  sourcemap: false,
  stats: false,
  silent: false,
  debug,
}).catch((error) => {
  logger.error(error instanceof Error ? error.stack : String(error));
  process.exit(1);
});
