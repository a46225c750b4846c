import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// One help address everywhere: a teacher who meets a barrier is told where to
// write by the footer, the error panel, the registration sidebar, replies to the CMS's e-mails and
// the accessibility statement (docs/accessibility.md): all of them must be the same address.

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The app's address (src/lib/config.ts), read as text: that module needs Vite's globals. */
const CONTACT_EMAIL =
  /CONTACT_EMAIL = '([^']+)'/.exec(
    readFileSync(join(root, 'src', 'lib', 'config.ts'), 'utf8'),
  )?.[1] ?? 'not found';
const ADDRESS = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
/** Not help addresses: demo sign-ins, senders nobody replies to, and example data in tests. */
const NOT_HELP = [
  /@demo\.school$/,
  /^no-reply@/,
  /@strapi\.io$/,
  /^(?:teacher|subscriber|trial)\d*@/,
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules') return [];
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

function addressesIn(paths: string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const path of paths) {
    for (const [address] of readFileSync(path, 'utf8').matchAll(ADDRESS)) {
      if (NOT_HELP.some((pattern) => pattern.test(address))) continue;
      found.set(address, [...(found.get(address) ?? []), relative(root, path)]);
    }
  }
  return found;
}

describe('the help address', () => {
  it('is the same in the app, the CMS seed, the CMS e-mail settings and the accessibility statement', () => {
    const sources = [
      ...files(join(root, 'src')),
      ...files(join(root, 'cms', 'src', 'seed')).filter(
        (path) => !path.endsWith('security-fixtures.js'),
      ),
      join(root, 'cms', 'config', 'plugins.js'),
      join(root, 'docs', 'accessibility.md'),
    ].filter((path) => /\.(tsx?|js|md)$/.test(path));
    const addresses = addressesIn(sources);
    expect(Object.fromEntries(addresses)).toHaveProperty([CONTACT_EMAIL]);
    expect(
      [...addresses.keys()].filter((address) => address !== CONTACT_EMAIL),
      'other help addresses',
    ).toEqual([]);
  });
});
