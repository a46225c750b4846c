// First-load JavaScript and CSS, counted as the bytes the web server sends a browser that accepts
// Brotli (every current one): the build's Brotli copy of each file (vite.config.ts writes one
// beside every script and stylesheet; server/web-server.mjs sends it), or the file gzipped as the
// server's on-the-fly compression would where there is no copy. The shell entry, and what each
// lazily loaded route module adds on top of it. Reads Vite's build manifest in dist/.vite/.
// e2e/first-visit-budget.spec.ts holds every route to ROUTE_BUDGET_BYTES, with the sizes the
// running web server really sends.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The most any route's first load (shell and route, JS and CSS) may send. */
export const ROUTE_BUDGET_BYTES = 200 * 1024;

/** @typedef {{ file: string, imports?: string[], css?: string[], isEntry?: boolean, isDynamicEntry?: boolean, src?: string }} Chunk */

/**
 * What the web server sends for `file` (relative to `distDir`) to a browser that accepts Brotli.
 * @param {string} distDir @param {string} file
 */
function sentBytes(distDir, file) {
  const path = join(distDir, file);
  return existsSync(`${path}.br`)
    ? statSync(`${path}.br`).size
    : gzipSync(readFileSync(path), { level: 6 }).length;
}

/**
 * @param {string} [distDir]
 * @param {(file: string) => number} [sizeOf] the bytes sent for a file of the build (default:
 *   sentBytes, from the files on disk)
 */
export function measureBundles(distDir = 'dist', sizeOf = (file) => sentBytes(distDir, file)) {
  /** @type {Record<string, Chunk>} */
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));

  /** All files a chunk needs before it can run: itself, its static imports, their CSS. */
  /** @param {string} key @param {Set<string>} files */
  function collect(key, files = new Set()) {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) collect(imported, files);
    return files;
  }

  /** @param {Iterable<string>} files */
  const sum = (files) => {
    let js = 0;
    let css = 0;
    for (const file of files) {
      if (file.endsWith('.css')) css += sizeOf(file);
      else js += sizeOf(file);
    }
    return { js, css, total: js + css };
  };

  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('no entry in the build manifest');
  const entryFiles = collect(entryKey);
  const shell = sum(entryFiles);
  const routes = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && key.includes('/routes/'))
    .map(([key]) => {
      const own = sum([...collect(key)].filter((file) => !entryFiles.has(file)));
      return {
        route: key.replace(/^src\/features\//, ''),
        addedBytes: own,
        firstLoadBytes: {
          js: shell.js + own.js,
          css: shell.css + own.css,
          total: shell.total + own.total,
        },
      };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
  const largest = routes.reduce(
    (most, route) =>
      route.firstLoadBytes.total > (most?.firstLoadBytes.total ?? -1) ? route : most,
    /** @type {(typeof routes)[number] | undefined} */ (undefined),
  );
  return { shell, routes, largest };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(measureBundles(process.argv[2]), null, 2));
}
