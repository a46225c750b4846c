// Preloaded into a CMS by a bench (NODE_OPTIONS="--import /abs/bench/sqlite-timing.mjs" with
// SQLITE_TIMING_FILE=path): times every SQLite statement the CMS runs through better-sqlite3 and,
// when the process is stopped, writes them to that file as JSON, one [start, ms, rows, sql] each. The
// start is on the machine's clock (performance.timeOrigin + performance.now(), in ms), so the bench
// can tell which of its requests a statement belonged to. Only the timing is added: about a
// microsecond a statement, kept in memory until the end.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const file = process.env.SQLITE_TIMING_FILE;
if (file) {
  // The CMS's own copy (it runs from cms/), which Strapi's require then finds already patched.
  const Database = createRequire(join(process.cwd(), 'package.json'))('better-sqlite3');
  /** @type {[number, number, number, string][]} */
  const records = [];
  const prepare = Database.prototype.prepare;
  /** @param {string} sql */
  Database.prototype.prepare = function timedPrepare(sql) {
    const statement = prepare.call(this, sql);
    for (const method of ['all', 'get', 'run']) {
      const original = statement[method];
      /** @param {unknown[]} bindings */
      statement[method] = function timed(...bindings) {
        const began = performance.now();
        const result = original.apply(this, bindings);
        const ms = performance.now() - began;
        const rows = Array.isArray(result) ? result.length : result ? 1 : 0;
        records.push([performance.timeOrigin + began, ms, rows, String(sql).slice(0, 160)]);
        return result;
      };
    }
    return statement;
  };
  // Written when the bench stops the CMS (SIGTERM, before Strapi's own handler shuts it down),
  // and again at exit if it ends another way.
  const write = () => writeFileSync(file, JSON.stringify(records));
  process.prependListener('SIGTERM', write);
  process.on('exit', write);
}
