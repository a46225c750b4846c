// @vitest-environment jsdom
// Benchmark (figures, never pass/fail): the device's offline search with the app's own code
// (src/shared/search/device-search.ts: its index settings, stemmer, typo fallback and phrase
// rule) over 10,000 generated items (bench/search-corpus.mjs): keystroke to results for each
// search typed letter by letter from the second (as the combobox asks), the build of the
// in-memory index, the size of the rows the device stores (IndexedDB `searchIndex`), and one
// downloaded lesson's items. Run by `npm run bench`; figures in bench/results/search-offline.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { expect, it } from 'vitest';
import { createDeviceIndex, searchIndex } from '../src/shared/search/device-search';
// A plain ES module with JSDoc types, shared with bench/search.mjs.
import { docs, N, QUERIES, quantile } from './search-corpus.mjs';

type Item = Parameters<typeof createDeviceIndex>[0][number];

it('measures the device search over 10,000 items', () => {
  const items = docs as Item[];
  let began = performance.now();
  const index = createDeviceIndex(items);
  const buildMs = performance.now() - began;
  began = performance.now();
  createDeviceIndex(items.slice(0, 12));
  const lessonBuildMs = performance.now() - began;
  // The device stores the items (its rows), and builds the index from them when first searched.
  const storedBytes = new TextEncoder().encode(JSON.stringify(items)).length;

  const times: number[] = [];
  const slowest: { typed: string; ms: number }[] = [];
  for (let round = 0; round < 3; round += 1)
    for (const query of QUERIES as string[])
      for (let end = 2; end <= query.length; end += 1) {
        const typed = query.slice(0, end);
        if (!typed.replace(/"/g, '').trim()) continue;
        const t = performance.now();
        searchIndex(index, { q: typed, limit: 8 }, N as number);
        const ms = performance.now() - t;
        if (round > 0) {
          times.push(ms);
          slowest.push({ typed, ms: Number(ms.toFixed(2)) });
        }
      }
  const figures = {
    items: N,
    buildMs: Number(buildMs.toFixed(1)),
    indexBytes: storedBytes,
    lessonBuildMs: Number(lessonBuildMs.toFixed(2)),
    keystrokes: times.length,
    searchP50Ms: quantile(times, 0.5),
    searchP95Ms: quantile(times, 0.95),
    slowest: slowest.sort((a, b) => b.ms - a.ms).slice(0, 5),
  };
  console.log(JSON.stringify(figures, null, 2));
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/search-offline.json', `${JSON.stringify(figures, null, 2)}\n`);
  expect(times.length).toBeGreaterThan(0);
});
