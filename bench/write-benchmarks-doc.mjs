// Writes docs/benchmarks.md from a bench report (bench/results/latest.json): what each benchmark
// measures, then the figures of that one run with their targets, the time, the commit and the
// machine's load. The page is generated so that it always shows one run's figures, never a mix
// of runs edited by hand. `npm run bench` calls it at the end; `node bench/write-benchmarks-doc.mjs`
// rewrites the page from the last report.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** What each benchmark measures (bench/*). */
const BENCHMARKS = [
  [
    'bundle-size.mjs',
    "first-load JavaScript and CSS of the shell and of each route family, as the web server sends it (the build's Brotli copies)",
  ],
  [
    'first-visit.mjs',
    'a first visit to home in a fresh browser, by network idle: the JavaScript a visitor and a signed-in teacher fetch (bytes on the wire), and whether a visitor fetched teacher-only code (Dexie, sync, downloads, playlists); `e2e/first-visit-budget.spec.ts` holds the same figures in `npm test`',
  ],
  [
    'sync-replay.measure.ts',
    'requests and time to replay 1,000 queued edits across 20 playlists (Vitest, fake-indexeddb, the real CMS); then a quiet reconnect: its requests and bytes',
  ],
  [
    'playlist-pull.measure.ts',
    "a teacher's whole playlist pull, 50 playlists of 100 items (`POST /api/playlist-sync/changes` without a cursor, with one and nothing changed)",
  ],
  [
    'slide-change.mjs',
    'lesson mode: key press to the frame that shows the next slide, 200 changes, median and p95, beside two busy loops the bench starts itself (the target is at load 4)',
  ],
  [
    'lighthouse.mjs',
    'Lighthouse (mobile emulation) on home, a programme, a lesson overview, an activity, a playlist and a lesson-mode slide, signed in, beside two busy loops the bench starts itself (the target is at load 4); the lowest score of every run',
  ],
  [
    'offline.mjs',
    "download efficiency (media bytes fetched / unique bytes); offline cold starts to a downloaded lesson's first slide (painted from its snapshot; also with the worker stopped first, and to the app's own slide), home, the programme and a playlist against a static page the same worker serves, each timed from the tab's goto to the frame that painted its content, as the page itself saw it (the bench's own look from outside, reported beside, comes when the page's main thread is next free), with a trace of one run each",
  ],
  [
    'offline-probes.mjs',
    "where a first slide's offline cold start goes: probe pages built beside the app, against the static page, each timed to the frame that painted the slide (the app's own, not its snapshot)",
  ],
  [
    'startup.mjs',
    "a returning teacher's start of home, a programme and a lesson overview (signed in, the service worker in control, caches warm): the main thread's script time from navigation to first contentful paint, from a trace of each start, as a ratio to a page of the same build rendering one React component",
  ],
  [
    'load-school.mjs',
    '30 devices of 10 teachers reconnecting at once on SQLite (on its own: 300 devices, two CMS instances on PostgreSQL)',
  ],
  [
    'lesson-files.mjs',
    "lesson files at 200 MB (LESSON_FILE_BENCH_MB): a plain download of the lesson from the local CMS, 'Save as a file' and opening the file on a second device, side by side; each one's throughput, the page's heap and the whole browser's peak resident memory above its start",
  ],
  [
    'playlist-write.mjs',
    "what one playlist edit costs the CMS through the app's sync route (rename, add, move, remove), on a 5-item and a 499-item playlist side by side, with one request of 1,000 operations and bulk adds",
  ],
  [
    'search.mjs',
    "the CMS's search over 10,000 generated documents on SQLite and PostgreSQL (p50 / p95), each query's median and how many documents it matches, and the slowest query's parts: ranking every match and the snippets of the hits shown",
  ],
  [
    'device-search.measure.ts',
    "the device's offline search over 10,000 items (keystroke to results, p50 / p95), its index size on disk and its build time per downloaded lesson",
  ],
  [
    'cms-boot.mjs',
    "one CMS boot on a copy of a seeded database, as every servers test, e2e worker and scaled-out instance starts: time until /_health answers and the CMS process's CPU time by then, median of 5",
  ],
  ['chaos run', '`e2e/chaos-sync.spec.ts` with 300 operations'],
  [
    'download model',
    '`e2e/download-model.spec.ts` with three random seeds of 12 steps: revisions, updates under faults, a full device, reloads',
  ],
  [
    'playlist model',
    '`tests/cms/playlist-model.cms.test.ts` with 5,000 operations on three devices',
  ],
];

/** @param {unknown} value */
const cell = (value) =>
  String(value ?? '—')
    .replaceAll('|', '\\|')
    .replaceAll('\n', ' ');

/** @param {{ measuredAt: string, benchSeconds?: number, load?: { start: number[], end: number[] }, machine?: { cores: number, node: string }, commit?: string, table: [string, unknown, string, boolean | null][] }} report */
function benchmarksDoc(report) {
  const load = report.load
    ? `load average ${report.load.start.map((n) => n.toFixed(1)).join(' / ')} at the start and ${report.load.end
        .map((n) => n.toFixed(1))
        .join(' / ')} at the end (1, 5, 15 minutes)`
    : 'load not recorded';
  const lines = [
    '# Benchmarks',
    '',
    '<!-- Generated by bench/write-benchmarks-doc.mjs from bench/results/latest.json: do not edit by hand. -->',
    '',
    '`npm run bench` builds the app, runs every benchmark in `bench/` against the production build and a',
    'throwaway seeded CMS, writes `bench/results/latest.json`, prints each figure against its target and',
    'rewrites this page. Benchmarks print figures and never fail the build; targets that are ratios are',
    'measured side by side in one run.',
    '',
    '| benchmark | what it measures |',
    '| --- | --- |',
    ...BENCHMARKS.map(([name, what]) => `| \`${name}\` | ${what} |`),
    '',
    '## Figures of the last run',
    '',
    `Measured ${report.measuredAt}${report.commit ? ` at ${report.commit}` : ''} on ${
      report.machine ? `${report.machine.cores} cores, Node ${report.machine.node}` : 'this machine'
    }, ${load}; the run took ${report.benchSeconds ?? '?'} s.`,
    '',
    '| figure | measured | target | met |',
    '| --- | --- | --- | --- |',
    ...report.table.map(
      ([name, value, target, met]) =>
        `| ${cell(name)} | ${cell(value)} | ${cell(target)} | ${met === null ? '—' : met ? 'yes' : '**no**'} |`,
    ),
    '',
    'Where a target is not met, the figure says by how much; the history of what was tried is in',
    '[`CHANGELOG.md`](../CHANGELOG.md).',
    '',
  ];
  return lines.join('\n');
}

/** The commit the bench ran on, marked when the tree had changes. */
export function currentCommit() {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    }).trim();
    return dirty ? `${sha} (with uncommitted changes)` : sha;
  } catch {
    return undefined;
  }
}

/** @param {string} reportFile @param {string} docFile */
export function writeBenchmarksDoc(
  reportFile = 'bench/results/latest.json',
  docFile = 'docs/benchmarks.md',
) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  writeFileSync(docFile, benchmarksDoc(report));
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  writeBenchmarksDoc(process.argv[2], process.argv[3]);
