// Every scratch folder or file a test, benchmark or script writes lives under the repository's
// own .tmp/scratch/ (ignored by git), never in the machine's shared /tmp: a run leaves nothing
// behind elsewhere, two checkouts never meet, and `rm -rf .tmp` clears it all. ESLint refuses
// `tmpdir` anywhere else.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// From the module's own path as a string: under jsdom (the bench's sync replay) the global URL is
// jsdom's, which Node's fileURLToPath refuses.
const SCRATCH_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '.tmp', 'scratch');

/** A new empty folder under .tmp/scratch/ whose name starts with `prefix`. @param {string} prefix */
export function scratchDir(prefix) {
  mkdirSync(SCRATCH_ROOT, { recursive: true });
  return mkdtempSync(join(SCRATCH_ROOT, prefix));
}

/** A path for one file under .tmp/scratch/ (the folder exists). @param {string} name */
export function scratchPath(name) {
  mkdirSync(SCRATCH_ROOT, { recursive: true });
  return join(SCRATCH_ROOT, name);
}
