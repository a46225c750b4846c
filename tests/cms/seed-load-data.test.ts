// @vitest-environment node
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scratchDir } from '../../scripts/scratch.mjs';

// The seed's data loader on its own (the whole seed, on a real CMS, is seed-content.cms.test.ts):
// what the data's references, templates, dates and rich-text lists become, in which order the
// steps reach the Document Service, and how a mistake in the data is reported.

type Call = { action: 'create' | 'update'; uid: string; args: Record<string, unknown> };
const { loadSeedData, readSeedData } = createRequire(import.meta.url)(
  '../../cms/src/seed/load-data.js',
) as {
  loadSeedData: (
    strapi: unknown,
    media: unknown,
    dir?: string,
  ) => Promise<Record<string, Record<string, { documentId: string }>>>;
  readSeedData: () => { steps: unknown[]; templates: Record<string, unknown> };
};

const attributes: Record<string, Record<string, Record<string, unknown>>> = {
  'api::audience.audience': {
    title: { type: 'string' },
    introduction: { type: 'richtext' },
    theme: { type: 'component', component: 'shared.theme' },
  },
  'api::lesson.lesson': {
    title: { type: 'string' },
    audience: { type: 'relation' },
    video: { type: 'component', component: 'shared.video' },
    bookings: { type: 'component', component: 'shared.booking', repeatable: true },
  },
};
const components: Record<string, { attributes: Record<string, Record<string, unknown>> }> = {
  'shared.theme': { attributes: { note: { type: 'richtext' } } },
  'shared.video': {
    attributes: { title: { type: 'string' }, transcript: { type: 'richtext' } },
  },
  'shared.booking': { attributes: { event_date: { type: 'datetime' } } },
};

function fakeStrapi() {
  const calls: Call[] = [];
  let next = 0;
  const strapi = {
    getModel: (uid: string) => ({ attributes: attributes[uid] }),
    components,
    documents: (uid: string) => ({
      create: async (args: Record<string, unknown>) => {
        calls.push({ action: 'create', uid, args });
        return { documentId: `doc-${(next += 1)}` };
      },
      update: async (args: Record<string, unknown>) => {
        calls.push({ action: 'update', uid, args });
        return {};
      },
    }),
  };
  return { strapi, calls };
}

const media = {
  film: { id: 7, url: '/uploads/film_1.mp4', size: 12.5, caption: 'Film', name: 'film.mp4' },
};
let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function dataFolder(files: Record<string, unknown>) {
  dir = scratchDir('music-classroom-seed-data-');
  mkdirSync(dir, { recursive: true });
  for (const [name, content] of Object.entries(files))
    writeFileSync(join(dir, name), JSON.stringify(content));
  return dir;
}

describe('the seed data loader', () => {
  it('runs the numbered files in name order, resolving keys, media, embeds, dates, templates and paragraph lists', async () => {
    const folder = dataFolder({
      'templates.json': {
        film: { title: 'Untitled', transcript: { $use: 'words' } },
        words: ['Line one.', 'Line two.'],
      },
      '02-lessons.json': [
        {
          create: 'lesson',
          key: 'one',
          data: {
            title: 'Lesson one',
            audience: { $audience: 'primary' },
            video: { $use: 'film', title: 'Warm-up film' },
            bookings: [{ event_date: { $daysFromNow: 2 } }],
          },
        },
        { update: 'audience', key: 'primary', data: { title: 'Primary years' } },
      ],
      '01-audiences.json': [
        {
          create: 'audience',
          key: 'primary',
          data: {
            title: 'Primary',
            introduction: ['First paragraph.', 'Second paragraph.'],
            theme: {
              note: '**Bold** as it is',
              banner: { $media: 'film' },
              embed: { $embed: 'film' },
            },
          },
        },
      ],
      'notes.txt': 'not a step file',
    });
    const { strapi, calls } = fakeStrapi();
    const before = Date.now();
    const entries = await loadSeedData(strapi, media, folder);

    expect(calls.map((call) => `${call.action} ${call.uid}`)).toEqual([
      'create api::audience.audience',
      'create api::lesson.lesson',
      'update api::audience.audience',
    ]);
    expect(calls[0]!.args).toEqual({
      status: 'published',
      data: {
        title: 'Primary',
        introduction: 'First paragraph.\n\nSecond paragraph.',
        theme: {
          note: '**Bold** as it is',
          banner: 7,
          embed: JSON.stringify({
            url: '/uploads/film_1.mp4',
            size: 12.5,
            provider: 'upload',
            title: 'Film',
          }),
        },
      },
    });
    const lesson = calls[1]!.args.data as {
      audience: string;
      video: unknown;
      bookings: { event_date: string }[];
    };
    expect(lesson.audience).toBe('doc-1');
    expect(lesson.video).toEqual({ title: 'Warm-up film', transcript: 'Line one.\n\nLine two.' });
    const days = (Date.parse(lesson.bookings[0]!.event_date) - before) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(2);
    expect(days).toBeLessThan(2.01);
    expect(calls[2]!.args).toEqual({
      documentId: 'doc-1',
      data: { title: 'Primary years' },
      status: 'published',
    });
    expect(entries.audience?.primary?.documentId).toBe('doc-1');
    expect(entries.lesson?.one?.documentId).toBe('doc-2');
  });

  it.each([
    [
      { $audience: 'nowhere' },
      "01-a.json (create lesson 'one'): no audience 'nowhere' was created before this step",
    ],
    [
      { $media: 'missing' },
      "01-a.json (create lesson 'one'): no media file 'missing' in the catalogue",
    ],
    [
      { $use: 'nothing' },
      "01-a.json (create lesson 'one'): no template 'nothing' in templates.json",
    ],
  ])('names the file and step of a mistake in the data (%o)', async (audience, message) => {
    const folder = dataFolder({
      'templates.json': {},
      '01-a.json': [{ create: 'lesson', key: 'one', data: { title: 'One', audience } }],
    });
    await expect(loadSeedData(fakeStrapi().strapi, media, folder)).rejects.toThrow(message);
  });

  it('refuses a key used twice for one type', async () => {
    const folder = dataFolder({
      'templates.json': {},
      '01-a.json': [
        { create: 'lesson', key: 'one', data: { title: 'One' } },
        { create: 'lesson', key: 'one', data: { title: 'Two' } },
      ],
    });
    await expect(loadSeedData(fakeStrapi().strapi, media, folder)).rejects.toThrow(
      "01-a.json (create lesson 'one'): the key is taken by an earlier step",
    );
  });

  it('reads the demo data: every step creates or updates a type under a key', () => {
    const { steps, templates } = readSeedData();
    expect(steps.length).toBeGreaterThan(150);
    expect(Object.keys(templates)).toContain('demo-video');
    for (const step of steps as { create?: string; update?: string; key?: string }[]) {
      expect(step.create ?? step.update, JSON.stringify(step)).toMatch(/^[a-z-]+$/);
      expect(step.key, JSON.stringify(step)).toBeTruthy();
    }
  });
});
