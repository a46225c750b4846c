// @vitest-environment node
import { scratchDir } from '../../scripts/scratch.mjs';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sqliteProblem } from '../../scripts/cms-process.mjs';

/** A stand-in CMS folder whose better-sqlite3 throws what a package with a failed build throws. */
function cmsWithBrokenSqlite(error: string) {
  const dir = scratchDir('music-classroom-sqlite-');
  const pkg = join(dir, 'node_modules', 'better-sqlite3');
  mkdirSync(pkg, { recursive: true });
  writeFileSync(
    join(pkg, 'package.json'),
    JSON.stringify({ name: 'better-sqlite3', main: 'index.js' }),
  );
  writeFileSync(join(pkg, 'index.js'), `throw new Error(${JSON.stringify(error)});`);
  return dir;
}

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('sqliteProblem: a CMS that cannot open SQLite stops with one sentence', () => {
  it('is null for the installed CMS, which opens a database', () => {
    expect(sqliteProblem()).toBeNull();
  });

  it('names a missing native build and the command that fixes it', () => {
    const dir = cmsWithBrokenSqlite(
      'Could not locate the bindings file. Tried:\n → /x/build/better_sqlite3.node',
    );
    made.push(dir);
    const problem = sqliteProblem(dir);
    expect(problem).toBe(
      "The CMS cannot open its SQLite database because better-sqlite3's native build is missing " +
        '(its install script did not run; Could not locate the bindings file): run `npm rebuild better-sqlite3` in cms/.',
    );
    expect(problem?.split('\n')).toHaveLength(1);
  });

  it('names a build for another Node.js', () => {
    const dir = cmsWithBrokenSqlite(
      'was compiled against a different Node.js version using NODE_MODULE_VERSION 115',
    );
    made.push(dir);
    expect(sqliteProblem(dir)).toMatch(
      /built for another Node\.js version than v\d+.*npm rebuild better-sqlite3/,
    );
  });

  it('says to install when the CMS has no dependencies at all', () => {
    const dir = scratchDir('music-classroom-sqlite-');
    made.push(dir);
    expect(sqliteProblem(dir)).toMatch(/The CMS is not installed .*run `npm install`/);
  });
});
