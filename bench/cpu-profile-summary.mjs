// `node bench/cpu-profile-summary.mjs <dir or .cpuprofile...> [--phase reconnect|catchUp|quiet|all] [--top 25]`:
// where a CPU profile's time went, as text. Reads the .cpuprofile files Node's --cpu-prof writes
// (bench/load-school.mjs with CMS_CPU_PROF_DIR=dir: one per CMS process) and, from that folder's
// phases.json, keeps only the samples taken during one phase of the bench (the reconnect by
// default); their times add up across the files. Prints the top functions by self time and by
// total time (a function counts once per sample however deep it recurs), then self and total
// time by file and by package (a folder in node_modules, the CMS's own code, Node's internals),
// each also per request of the phase when phases.json counts them.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { readPhase } from './cpu-phases.mjs';

const args = process.argv.slice(2);
/** @param {string} name @param {string} fallback */
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  if (at === -1) return fallback;
  const [value] = args.splice(at, 2).slice(1);
  return value ?? fallback;
};
const phaseName = option('phase', 'reconnect');
const TOP = Number(option('top', '25'));
if (args.length === 0) {
  console.error(
    'Usage: node bench/cpu-profile-summary.mjs <dir or .cpuprofile...> [--phase name] [--top n]',
  );
  process.exit(2);
}

/**
 * @typedef {{ functionName: string, url: string, lineNumber: number }} CallFrame
 * @typedef {{ id: number, callFrame: CallFrame, children?: number[] }} ProfileNode
 * @typedef {{ nodes: ProfileNode[], startTime: number, endTime: number, samples: number[], timeDeltas: number[] }} Profile
 */

const files = args.flatMap((path) =>
  statSync(path).isDirectory()
    ? readdirSync(path)
        .filter((name) => name.endsWith('.cpuprofile'))
        .map((name) => join(path, name))
    : [path],
);
if (files.length === 0) throw new Error(`No .cpuprofile in ${args.join(', ')}`);

const phase = phaseName === 'all' ? null : readPhase(dirname(files[0] ?? ''), phaseName);

/** node_modules/<package> (scoped or not), the CMS's own src/config, or the kind of frame. @param {string} url */
function packageOf(url) {
  if (!url) return '(native or V8)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const [first, second] = url.slice(modules + 'node_modules/'.length).split('/');
    return first?.startsWith('@') ? `${first}/${second}` : (first ?? url);
  }
  if (url.startsWith('node:')) return 'node (internals)';
  const cms = url.indexOf('/cms/');
  if (cms !== -1)
    return `cms/${url
      .slice(cms + 5)
      .split('/')
      .slice(0, 2)
      .join('/')}`;
  return url.replace(/^file:\/\//, '');
}
/** The file, from node_modules/ (or the repository) on. @param {string} url */
function fileOf(url) {
  if (!url) return '(native or V8)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules !== -1) return url.slice(modules + 'node_modules/'.length);
  const cms = url.indexOf('/cms/');
  return cms !== -1 ? url.slice(cms + 1) : url.replace(/^file:\/\//, '');
}
/** @param {CallFrame} frame */
const functionOf = (frame) =>
  `${frame.functionName || '(anonymous)'} ${frame.url ? `${fileOf(frame.url)}:${frame.lineNumber + 1}` : ''}`.trim();

/** Self and total µs per key, for one grouping. */
class Tally {
  /** @type {Map<string, number>} */ self = new Map();
  /** @type {Map<string, number>} */ total = new Map();
}
const byFunction = new Tally();
const byFile = new Tally();
const byPackage = new Tally();
let sampledMicros = 0;
let idleMicros = 0;

for (const file of files) {
  const profile = /** @type {Profile} */ (JSON.parse(readFileSync(file, 'utf8')));
  /** @type {Map<number, ProfileNode>} */
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  /** @type {Map<number, number>} */
  const parents = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id);
  // Each node's self time within the phase.
  /** @type {Map<number, number>} */
  const selfOf = new Map();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    // A sample's time is the gap to the next one.
    const span = profile.timeDeltas[index + 1] ?? 0;
    if (phase && (at < phase.from || at >= phase.to)) return;
    selfOf.set(id, (selfOf.get(id) ?? 0) + span);
  });
  for (const [id, micros] of selfOf) {
    const node = /** @type {ProfileNode} */ (nodes.get(id));
    const name = node.callFrame.functionName;
    if (name === '(idle)') {
      idleMicros += micros;
      continue;
    }
    sampledMicros += micros;
    /** @type {[Tally, (frame: CallFrame) => string][]} */
    const groupings = [
      [byFunction, functionOf],
      [byFile, (frame) => (frame.url ? fileOf(frame.url) : frame.functionName)],
      [byPackage, (frame) => (frame.url ? packageOf(frame.url) : frame.functionName)],
    ];
    for (const [tally, keyOf] of groupings) {
      const selfKey = keyOf(node.callFrame);
      tally.self.set(selfKey, (tally.self.get(selfKey) ?? 0) + micros);
      /** @type {Set<string>} */
      const onStack = new Set();
      for (let up = /** @type {number | undefined} */ (id); up !== undefined; up = parents.get(up))
        onStack.add(keyOf(/** @type {ProfileNode} */ (nodes.get(up)).callFrame));
      for (const key of onStack) tally.total.set(key, (tally.total.get(key) ?? 0) + micros);
    }
  }
}

const requests = phase?.requests ?? 0;
const ms = (/** @type {number} */ micros) => (micros / 1000).toFixed(0).padStart(7);
const perRequest = (/** @type {number} */ micros) =>
  requests > 0 ? `${(micros / 1000 / requests).toFixed(2).padStart(7)} ms/req` : '';
const share = (/** @type {number} */ micros) =>
  `${((100 * micros) / Math.max(1, sampledMicros)).toFixed(1).padStart(5)}%`;
/** @param {string} title @param {Map<string, number>} values */
function table(title, values) {
  console.log(`\n${title}`);
  for (const [key, micros] of [...values].sort((a, b) => b[1] - a[1]).slice(0, TOP))
    console.log(`${ms(micros)} ms ${share(micros)} ${perRequest(micros)}  ${key}`);
}

console.log(
  `${files.map((file) => basename(file)).join(', ')}: phase ${phase ? phaseName : 'all'}, ${ms(sampledMicros).trim()} ms busy (${ms(idleMicros).trim()} ms idle)${requests > 0 ? `, ${requests} requests: ${(sampledMicros / 1000 / requests).toFixed(2)} ms sampled each (wall time on the main thread: time the OS ran something else counts too; /proc's CPU time is in the bench's cmsCpu)` : ''}`,
);
table('Functions by self time', byFunction.self);
table('Functions by total time', byFunction.total);
table('Files by self time', byFile.self);
table('Files by total time', byFile.total);
table('Packages by self time', byPackage.self);
table('Packages by total time', byPackage.total);
