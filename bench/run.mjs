// `npm run bench`: builds the app, runs every benchmark and writes one JSON report to
// bench/results/latest.json (and prints it). Benchmarks print figures; they never fail on time.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { measureBundles } from './bundle-size.mjs';

const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

// Benchmarks that run the app's own modules (sync replay over fake-indexeddb against the real
// CMS) are Vitest files in the "bench" project; each writes its figures to bench/results/.
const measured = spawnSync('npx', ['vitest', 'run', '--project', 'bench'], { stdio: 'inherit' });
/** @param {string} name */
const figures = (name) => {
  const file = `bench/results/${name}.json`;
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { error: `no figures (exit ${measured.status})` };
};

const report = {
  measuredAt: new Date().toISOString(),
  machine: { cores: (await import('node:os')).cpus().length, node: process.version },
  bundles: measureBundles('dist'),
  syncReplay: figures('sync-replay'),
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/latest.json', `${JSON.stringify(report, null, 2)}\n`);
console.log(JSON.stringify(report, null, 2));
