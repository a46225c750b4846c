// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// End-to-end faults from the CMS come from the fault proxy on the wire (scripts/fault-proxy.mjs),
// where a school meets them and where the service worker stands in front of them, never from
// answering or failing requests inside the browser. The browser answers only what is not the
// CMS, each listed here with why.

const E2E = join(import.meta.dirname, '..', '..', 'e2e');

/** Browser-side answers and failures that are not CMS faults: file, count, why. */
const NOT_CMS_FAULTS: Record<string, { count: number; why: string }> = {
  'home.spec.ts': {
    count: 1,
    why: "holds the app's own page (the web server's document, not the CMS) until the worker has activated, then delivers it unchanged",
  },
};

function specFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? specFiles(join(dir, entry.name)).map((file) => join(entry.name, file))
      : entry.name.endsWith('.ts')
        ? [entry.name]
        : [],
  );
}

describe('e2e faults are on the wire', () => {
  it('answers or fails no request in the browser but the listed ones, which are not CMS faults', () => {
    const found: Record<string, number> = {};
    for (const file of specFiles(E2E)) {
      const uses = readFileSync(join(E2E, file), 'utf8').match(
        /\b(route\.(fulfill|abort)|routeFromHAR)\(/g,
      );
      if (uses) found[file] = uses.length;
    }
    expect(found).toEqual(
      Object.fromEntries(Object.entries(NOT_CMS_FAULTS).map(([file, { count }]) => [file, count])),
    );
  });
});
