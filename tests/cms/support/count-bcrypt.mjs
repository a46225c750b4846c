// Test-only preload for a CMS process (NODE_OPTIONS="--import <this file's URL>"): appends one line
// per bcrypt comparison, with the cost of the hash compared against, to BCRYPT_COUNT_FILE, so that
// a test can prove every sign-in attempt does the same password work without timing anything.
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const file = process.env.BCRYPT_COUNT_FILE;
if (file) {
  // The CMS's own copy, which users-permissions loads (the process runs in cms/).
  const load = createRequire(join(process.cwd(), 'package.json'));
  /** @type {{ compare: ((password: string, hash: string, ...rest: unknown[]) => Promise<boolean>) & { counted?: boolean } } | null} */
  let bcrypt = null;
  try {
    bcrypt = load('bcryptjs');
  } catch {
    // Not the CMS (a process that has no bcryptjs): nothing to count.
  }
  if (bcrypt && !bcrypt.compare.counted) {
    const compare = bcrypt.compare;
    bcrypt.compare = Object.assign(
      /** @param {string} password @param {string} hash @param {unknown[]} rest */
      function countedCompare(password, hash, ...rest) {
        const cost = typeof hash === 'string' ? (hash.split('$')[2] ?? '?') : '?';
        appendFileSync(file, `compare ${cost}\n`);
        return compare(password, hash, ...rest);
      },
      { counted: true },
    );
  }
}
