// First-load JavaScript and CSS (gzip bytes): the shell entry, and what each lazily loaded
// route module adds on top of it. Reads Vite's build manifest in dist/.vite/manifest.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** @typedef {{ file: string, imports?: string[], css?: string[], isEntry?: boolean, isDynamicEntry?: boolean, src?: string }} Chunk */

/** @param {string} distDir */
export function measureBundles(distDir = 'dist') {
  /** @type {Record<string, Chunk>} */
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  /** @param {string} file */
  const gzipBytes = (file) => gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;

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
      if (file.endsWith('.css')) css += gzipBytes(file);
      else js += gzipBytes(file);
    }
    return { js, css, total: js + css };
  };

  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('no entry in the build manifest');
  const entryFiles = collect(entryKey);
  const routes = Object.entries(manifest)
    .filter(([key, chunk]) => chunk.isDynamicEntry && key.includes('/routes/'))
    .map(([key]) => {
      const files = [...collect(key)].filter((file) => !entryFiles.has(file));
      const own = sum(files);
      const shell = sum(entryFiles);
      return {
        route: key.replace(/^src\/features\//, ''),
        addedGzipBytes: own,
        firstLoadGzipBytes: {
          js: shell.js + own.js,
          css: shell.css + own.css,
          total: shell.total + own.total,
        },
      };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
  return { shell: sum(entryFiles), routes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(measureBundles(process.argv[2]), null, 2));
}
