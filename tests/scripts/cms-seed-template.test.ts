// @vitest-environment node
import { scratchDir } from '../../scripts/scratch.mjs';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  SEED_TEMPLATE_DIR,
  copySeedTemplate,
  createSeedTemplateFolder,
  seedTemplateData,
} from '../../scripts/cms-seed-template.mjs';

// Which CMSs get a copy of the run's seeded template, without booting one: the template here is
// a stand-in already marked ready (tests/server/seed-template.test.ts boots real copies).

const saved = {
  dir: process.env[SEED_TEMPLATE_DIR],
  off: process.env.CMS_SEED_TEMPLATE,
  url: process.env.DATABASE_URL,
};
const made: string[] = [];
let removeTemplate: () => void;

function emptyDataDir() {
  const dir = scratchDir('music-classroom-copy-');
  made.push(dir);
  return dir;
}

beforeEach(() => {
  delete process.env[SEED_TEMPLATE_DIR];
  delete process.env.CMS_SEED_TEMPLATE;
  delete process.env.DATABASE_URL;
  removeTemplate = createSeedTemplateFolder();
  const root = process.env[SEED_TEMPLATE_DIR] ?? '';
  const seeded = seedTemplateData(root);
  mkdirSync(join(seeded, 'public', 'uploads'), { recursive: true });
  writeFileSync(join(seeded, 'data.db'), 'seeded database');
  writeFileSync(join(seeded, 'data.db-journal'), 'its journal');
  writeFileSync(join(seeded, 'public', 'uploads', 'banner.jpg'), 'an upload');
  writeFileSync(join(seeded, 'secrets.json'), '{}');
  writeFileSync(join(root, 'ready'), '');
});

afterEach(() => {
  removeTemplate();
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  for (const [name, value] of [
    [SEED_TEMPLATE_DIR, saved.dir],
    ['CMS_SEED_TEMPLATE', saved.off],
    ['DATABASE_URL', saved.url],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('copySeedTemplate', () => {
  it('copies the database with its journal, the uploads and the secrets', async () => {
    const dir = emptyDataDir();
    expect(await copySeedTemplate(dir)).toBe(true);
    expect(readFileSync(join(dir, 'data.db'), 'utf8')).toBe('seeded database');
    expect(readFileSync(join(dir, 'data.db-journal'), 'utf8')).toBe('its journal');
    expect(readFileSync(join(dir, 'public', 'uploads', 'banner.jpg'), 'utf8')).toBe('an upload');
    expect(existsSync(join(dir, 'secrets.json'))).toBe(true);
  });

  it('copies for environment read on every boot, such as the e-mail sender', async () => {
    expect(
      await copySeedTemplate(emptyDataDir(), {
        EMAIL_FROM: 'Music Classroom <hello@music-classroom.test>',
      }),
    ).toBe(true);
  });

  it.each([
    ['CMS_SECURITY_FIXTURES', 'true'],
    ['CMS_SEED', 'false'],
    ['NODE_ENV', 'production'],
  ])('leaves the folder to a first boot when %s changes the seed', async (name, value) => {
    const dir = emptyDataDir();
    expect(await copySeedTemplate(dir, { [name]: value })).toBe(false);
    expect(existsSync(join(dir, 'data.db'))).toBe(false);
  });

  it('never replaces a database already in the folder', async () => {
    const dir = emptyDataDir();
    writeFileSync(join(dir, 'data.db'), 'data of its own');
    expect(await copySeedTemplate(dir)).toBe(false);
    expect(readFileSync(join(dir, 'data.db'), 'utf8')).toBe('data of its own');
  });

  it('copies nothing when the template is switched off, on PostgreSQL, or outside a test run', async () => {
    process.env.CMS_SEED_TEMPLATE = 'off';
    expect(await copySeedTemplate(emptyDataDir())).toBe(false);
    delete process.env.CMS_SEED_TEMPLATE;
    process.env.DATABASE_URL = 'postgres://strapi@127.0.0.1/music_classroom';
    expect(await copySeedTemplate(emptyDataDir())).toBe(false);
    delete process.env.DATABASE_URL;
    delete process.env[SEED_TEMPLATE_DIR];
    expect(await copySeedTemplate(emptyDataDir())).toBe(false);
  });

  it('deletes the template folder at the end of the run', () => {
    const root = process.env[SEED_TEMPLATE_DIR] ?? '';
    removeTemplate();
    expect(existsSync(root)).toBe(false);
    expect(process.env[SEED_TEMPLATE_DIR]).toBeUndefined();
  });
});
