// @vitest-environment node
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decisionFor,
  packagesWithInstallScripts,
  readProjects,
  undecidedInstallScripts,
} from '../../scripts/install-scripts-policy.mjs';

const lockfile = {
  packages: {
    '': { version: '1.0.0', hasInstallScript: true },
    'node_modules/better-sqlite3': { version: '12.9.0', hasInstallScript: true },
    'node_modules/vite/node_modules/esbuild': { version: '0.21.5', hasInstallScript: true },
    'node_modules/@swc/core': { version: '1.16.22', hasInstallScript: true },
    'node_modules/react': { version: '18.3.1' },
  },
};

describe('install-script policy', () => {
  it('lists dependencies with install scripts, nested ones by their own name, never the project itself', () => {
    expect(packagesWithInstallScripts(lockfile).map((pkg) => `${pkg.name}@${pkg.version}`)).toEqual(
      ['better-sqlite3@12.9.0', 'esbuild@0.21.5', '@swc/core@1.16.22'],
    );
  });

  it('reads name-only and version-pinned decisions, the pinned one first', () => {
    const pkg = { name: 'esbuild', version: '0.21.5' };
    expect(decisionFor({ esbuild: false }, pkg)).toBe(false);
    expect(decisionFor({ esbuild: false, 'esbuild@0.21.5': true }, pkg)).toBe(true);
    expect(decisionFor({ 'esbuild@0.28.2': true }, pkg)).toBeUndefined();
    expect(decisionFor({}, pkg)).toBeUndefined();
  });

  it('fails on a dependency with an install script and no decision, in either project', () => {
    const decided = { 'better-sqlite3': true, esbuild: false, '@swc/core': false };
    expect(
      undecidedInstallScripts([{ label: 'cms', manifest: { allowScripts: decided }, lockfile }]),
    ).toEqual([]);
    const bumped = {
      packages: {
        ...lockfile.packages,
        'node_modules/sharp': { version: '0.34.0', hasInstallScript: true },
      },
    };
    expect(
      undecidedInstallScripts([
        { label: '.', manifest: {}, lockfile: { packages: {} } },
        { label: 'cms', manifest: { allowScripts: decided }, lockfile: bumped },
      ]),
    ).toEqual([{ label: 'cms', name: 'sharp', version: '0.34.0', path: 'node_modules/sharp' }]);
    expect(undecidedInstallScripts([{ label: 'cms', manifest: {}, lockfile }])).toHaveLength(3);
  });

  it("holds for this repository's two lockfiles", () => {
    const root = join(import.meta.dirname, '..', '..');
    expect(undecidedInstallScripts(readProjects(root))).toEqual([]);
  });
});
