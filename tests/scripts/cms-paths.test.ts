// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CMS_PROXIED_PATHS,
  WORKER_PASSTHROUGH_PATHS,
  isUnderPaths,
} from '../../src/lib/cms-paths.mjs';
import { isProxiedPath } from '../../server/web-server.mjs';
import { isAppNavigation } from '../../sw/navigation';

// The paths the CMS answers on the app's origin have one definition (src/lib/cms-paths.mjs): the
// web server, Vite's dev server and the service worker import it, so none can drift from the others.

/** The files that proxy CMS paths or keep the shell off them. */
const CONSUMERS = [
  'server/web-server.mjs',
  'vite.config.ts',
  'src/lib/sw-messages.ts',
  'sw/navigation.ts',
];

describe('the CMS paths', () => {
  it('are listed in one module only: no consumer keeps a list of its own', () => {
    const alternatives = WORKER_PASSTHROUGH_PATHS.map((path) => path.slice(1)).join('|');
    const aList = new RegExp(`\\[\\s*['"\`]/(${alternatives})['"\`]\\s*,`);
    for (const file of CONSUMERS) {
      expect(readFileSync(file, 'utf8'), `${file} keeps its own list`).not.toMatch(aList);
    }
  });

  it('are what the web server proxies, and nothing beside them', () => {
    for (const path of CMS_PROXIED_PATHS) {
      expect(isProxiedPath(path)).toBe(true);
      expect(isProxiedPath(`${path}/x`)).toBe(true);
      expect(isProxiedPath(`${path}x`)).toBe(false);
    }
    expect(isProxiedPath('/admin')).toBe(false);
    expect(isProxiedPath('/lessons/1')).toBe(false);
  });

  it('are proxied by the dev server too', () => {
    const source = readFileSync('vite.config.ts', 'utf8');
    expect(source).toMatch(/CMS_PROXIED_PATHS\.map\(/);
  });

  it('are never answered with the app shell by the worker, nor is the CMS admin', () => {
    expect(WORKER_PASSTHROUGH_PATHS).toEqual([...CMS_PROXIED_PATHS, '/admin']);
    for (const path of WORKER_PASSTHROUGH_PATHS) {
      expect(isAppNavigation(new URL(`https://app.example${path}/page`))).toBe(false);
      expect(isUnderPaths(WORKER_PASSTHROUGH_PATHS, path)).toBe(true);
    }
    expect(isAppNavigation(new URL('https://app.example/lessons/1'))).toBe(true);
  });
});
