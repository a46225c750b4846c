// `npm run bench`: builds the app, runs every benchmark and writes one JSON report to
// bench/results/latest.json (and prints it). Benchmarks print figures; they never fail on time.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { measureBundles } from './bundle-size.mjs';

const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const report = {
  measuredAt: new Date().toISOString(),
  machine: { cores: (await import('node:os')).cpus().length, node: process.version },
  bundles: measureBundles('dist'),
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/latest.json', `${JSON.stringify(report, null, 2)}\n`);
console.log(JSON.stringify(report, null, 2));
