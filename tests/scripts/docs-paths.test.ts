// @vitest-environment node
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The design documents stay true to the code: every file or folder they name in backticks exists.
// A move or a rename that forgets its documents fails here, naming the document and the path.

const ROOT = join(import.meta.dirname, '..', '..');
const ROOTS = /^(?:src|sw|tests|e2e|server|scripts|bench|packages|engines|deploy|cms\/src)\//;
// Written by a run, not kept in the repository.
const GENERATED = [/^bench\/results\//, /^bench\/\.tools/, /^deploy\/\.env$/];

const documents = [
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  'README.md',
  'cms/README.md',
  'cms/CONTENT-MODEL.md',
];

/**
 * A named path exists: from the repository's root or from cms/ (the CMS's paths are written as
 * its own, `src/api`, where a row is about the CMS), or an e2e spec named without its extension.
 */
function exists(path: string): boolean {
  if ([ROOT, join(ROOT, 'cms')].some((base) => existsSync(join(base, path)))) return true;
  return /^e2e\/[\w-]+$/.test(path) && existsSync(join(ROOT, `${path}.spec.ts`));
}

describe('paths the documents name', () => {
  it.each(documents)('exist, in %s', (file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const named = [...text.matchAll(/`([\w./-]+)`/g)]
      .map((match) => match[1]!.replace(/[.,:]+$/, ''))
      .filter((path) => ROOTS.test(path))
      .filter((path) => !GENERATED.some((pattern) => pattern.test(path)));
    const missing = [...new Set(named)].filter((path) => !exists(path));
    expect(missing).toEqual([]);
  });
});
