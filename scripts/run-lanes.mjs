// Runs npm scripts in lanes side by side: the scripts of one lane one after another, the lanes at
// the same time. `npm test` runs its static checks this way: each of them (Prettier, tsc, ESLint,
// knip) keeps one core busy at most, so two lanes on two cores take about half the time.
// A script's output is printed whole when it ends, so the log reads script by script. Every lane
// runs to its end; the exit code is non-zero if any script failed, and the failures are named.
//
//   node scripts/run-lanes.mjs "format:check typecheck" "lint knip"
import { spawn } from 'node:child_process';
import process from 'node:process';

const lanes = process.argv.slice(2).map((lane) => lane.split(/\s+/).filter(Boolean));
if (lanes.length === 0 || lanes.some((lane) => lane.length === 0)) {
  console.error('usage: node scripts/run-lanes.mjs "<npm script> ..." "<npm script> ..."');
  process.exit(2);
}

/** @param {string} script @returns {Promise<boolean>} whether it passed */
function run(script) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const outcome = code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n> ${script}: ${outcome} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
    child.on('error', (error) => {
      process.stdout.write(`\n> ${script}: could not start (${error.message})\n`);
      resolve(false);
    });
  });
}

/** @type {string[]} */
const failed = [];
await Promise.all(
  lanes.map(async (lane) => {
    for (const script of lane) if (!(await run(script))) failed.push(script);
  }),
);
if (failed.length > 0) {
  console.error(`\nrun-lanes: failed: ${failed.join(', ')}`);
  process.exit(1);
}
