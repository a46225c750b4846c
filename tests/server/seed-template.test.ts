// @vitest-environment node
import { scratchDir } from '../../scripts/scratch.mjs';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/cms-process.mjs';
import {
  SEED_TEMPLATE_DIR,
  seedTemplateData,
  startSeededCms,
} from '../../scripts/cms-seed-template.mjs';
import { DEMO, cmsClient } from '../cms/support/test-cms';

// The servers tests boot most CMSs on a copy of one seeded template per run instead of seeding
// each database (scripts/cms-seed-template.mjs). A copy must be a database of its own: what one
// test writes is unknown to the next, and the template stays as it was seeded.

type Cms = Awaited<ReturnType<typeof startSeededCms>>;

/** Every file under `dir` with a hash of its bytes, to see that nothing in it changed. */
function fingerprint(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) =>
    entry.isFile(),
  );
  return Object.fromEntries(
    files.map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return [relative(dir, path), createHash('sha256').update(readFileSync(path)).digest('hex')];
    }),
  );
}

const made: string[] = [];
const running: Cms[] = [];

async function bootCopy(label: string) {
  const dataDir = scratchDir(`music-classroom-template-copy-${label}-`);
  made.push(dataDir);
  const cms = await startSeededCms({
    port: await freePort(),
    dataDir,
    log: join(dataDir, 'cms.log'),
  });
  running.push(cms);
  return { ...cmsClient(() => cms.url), dataDir };
}

let first: Awaited<ReturnType<typeof bootCopy>>;

beforeAll(async () => {
  first = await bootCopy('first');
});

afterAll(async () => {
  for (const cms of running) await cms.stop();
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe("the run's seeded CMS template", () => {
  it('gives each CMS its own copy: a registration in one is unknown to another, and the template is untouched', async () => {
    const root = process.env[SEED_TEMPLATE_DIR];
    expect(
      root,
      'the servers project names a template folder (tests/cms/support/seed-template.setup.ts)',
    ).toBeTruthy();
    const template = seedTemplateData(root);
    const seeded = fingerprint(template);
    expect(Object.keys(seeded)).toContain('data.db');
    // A copy, not a seed of its own: it has the template's secrets and the demo accounts.
    expect(readFileSync(join(first.dataDir, 'secrets.json'), 'utf8')).toBe(
      readFileSync(join(template, 'secrets.json'), 'utf8'),
    );
    await first.logIn(DEMO.subscriber);

    const email = `copy-${Date.now()}@e2e.school`;
    const registration = await first.rest('/api/auth/local/register', undefined, {
      body: {
        email,
        username: email,
        password: 'sonata1819',
        user_profile_data: { first_name: 'Test', last_name: 'Teacher' },
      },
    });
    expect(registration.status, JSON.stringify(registration.body)).toBe(200);
    await first.logIn(email, 'sonata1819');

    const second = await bootCopy('second');
    await second.logIn(DEMO.subscriber);
    const elsewhere = await second.rest('/api/auth/local', undefined, {
      body: { identifier: email, password: 'sonata1819' },
    });
    expect(elsewhere.status).toBe(400);

    expect(fingerprint(template)).toEqual(seeded);
  }, 240_000); // the second copy boots inside the test
});
