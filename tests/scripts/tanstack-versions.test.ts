// @vitest-environment node
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

// TanStack Query's packages each depend on one exact version of @tanstack/query-core, and its
// plugins (the persister) are released less often than @tanstack/react-query. With version ranges,
// npm resolves react-query to a newer release than the persister's, and the app then ships two
// copies of query-core (and hydrates one's cache with the other's code). package.json therefore
// pins the three packages to one release; this proves the lockfile holds a single query-core.

interface Lockfile {
  packages: Record<string, { version?: string }>;
}

it('the installed app has one copy of @tanstack/query-core, the one its TanStack packages share', () => {
  const lockfile = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lockfile;
  const copies = Object.entries(lockfile.packages)
    .filter(([path]) => path.endsWith('node_modules/@tanstack/query-core'))
    .map(([path, entry]) => `${path}@${entry.version}`);
  expect(copies).toEqual([
    `node_modules/@tanstack/query-core@${lockfile.packages['node_modules/@tanstack/react-query']?.version}`,
  ]);
});
