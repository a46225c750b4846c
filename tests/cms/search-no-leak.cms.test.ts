// @vitest-environment node
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { bootTestCms, DEMO } from './support/test-cms';
import { adminLogIn, collection, openRole } from './support/admin-api';

// Nothing leaks through search: for a visitor and a trial teacher, a word that occurs only in a
// subscriber-only field changes no answer (no hit, no snippet, no count, no spelling suggestion).
// The cases are generated from the subscriber-only rule itself (cms/src/utils/roles.js, which
// cms/src/bootstrap/subscriber-fields.js enforces): every subscriber-only type and every
// subscriber-only field gets a marker word, so a new entry in that list is covered the day it is
// added, or this test names it.

const require = createRequire(import.meta.url);
const { SUBSCRIBER_FIELDS, SUBSCRIBER_TYPES } = require('../../cms/src/utils/roles.js') as {
  SUBSCRIBER_FIELDS: Record<string, string[]>;
  SUBSCRIBER_TYPES: string[];
};

const cms = bootTestCms('search-no-leak');

interface Attribute {
  type: string;
  target?: string;
  component?: string;
}
type Schema = Record<string, Attribute>;
const TEXT = new Set(['string', 'text', 'richtext']);
// Identifiers, not text an editor writes.
const NOT_WRITTEN = new Set(['documentId', 'slug', 'locale']);

let admin = '';
let subscriber = '';
let trial = '';
const schemas: Record<string, Schema> = {};
const drafted = new Set<string>();

async function answer(q: string, token?: string) {
  const { status, body } = await cms.rest(`/api/search?q=${encodeURIComponent(q)}`, token);
  expect(status).toBe(200);
  return body as { total: number; corrected: string | null; results: { documentId: string }[] };
}

/** A word nobody writes, one per case: 'qzpaid' and the case's letters. */
const marker = (index: number) =>
  `qzpaid${'abcdefghijklmnopqrstuvwxyz'[index % 26]}${'abcdefghij'[Math.floor(index / 26)]}`;

beforeAll(async () => {
  admin = await adminLogIn(cms.rest);
  subscriber = await cms.logIn(DEMO.subscriber);
  trial = await cms.logIn(DEMO.trial);
  const types = await cms.rest('/content-manager/content-types', admin);
  const components = await cms.rest('/content-manager/components', admin);
  const typeList = (
    types.body as {
      data: { uid: string; attributes: Schema; options?: { draftAndPublish?: boolean } }[];
    }
  ).data;
  for (const entry of typeList) if (entry.options?.draftAndPublish) drafted.add(entry.uid);
  for (const entry of [
    ...typeList,
    ...(components.body as { data: { uid: string; attributes: Schema }[] }).data,
  ])
    schemas[entry.uid] = entry.attributes;
});

/** One published entry of `uid` that a searchable document names (found as a subscriber would). */
async function pickEntry(uid: string): Promise<string> {
  const found = await cms.graphql<Record<string, { documentId: string }[]>>(
    `{ programmes(filters: { slug: { eq: "sound-explorers" } }) {
         units { documentId lessons { documentId } }
       }
       activityPages(filters: { activity_slideshow: { documentId: { notNull: true } } }) {
         activity_slideshow { documentId }
       }
       customSchemePlans { documentId } }`,
    subscriber,
  );
  const data = found.data as unknown as {
    programmes: { units: { documentId: string; lessons: { documentId: string }[] }[] }[];
    activityPages: { activity_slideshow: { documentId: string } }[];
    customSchemePlans: { documentId: string }[];
  };
  const unit = data.programmes[0]!.units[0]!;
  const ids: Record<string, string | undefined> = {
    'api::scheme.scheme': unit.documentId,
    'api::lesson.lesson': unit.lessons[0]?.documentId,
    'api::activity-slideshow.activity-slideshow':
      data.activityPages[0]?.activity_slideshow.documentId,
    'api::custom-scheme-plan.custom-scheme-plan': data.customSchemePlans[0]?.documentId,
  };
  const id = ids[uid];
  if (!id) throw new Error(`no demo entry of ${uid}: name one in this test`);
  return id;
}

interface Case {
  name: string;
  uid: string;
  body: Record<string, unknown>;
  word: string;
  /** Whether a searchable document quotes it, so a subscriber finds the word (the mark took). */
  searchable: boolean;
}

/** Every subscriber-only field and type, as a write that puts a marker word there. */
function cases(): { cases: Case[]; noText: string[] } {
  const list: Case[] = [];
  const noText: string[] = [];
  const add = (
    name: string,
    uid: string,
    make: (word: string) => Record<string, unknown>,
    searchable: boolean,
  ) => {
    const word = marker(list.length);
    list.push({ name, uid, body: make(word), word, searchable });
  };
  for (const uid of SUBSCRIBER_TYPES) {
    const attributes = schemas[uid];
    expect(attributes, `${uid} is a content type`).toBeDefined();
    for (const [name, attribute] of Object.entries(attributes!))
      if (TEXT.has(attribute.type) && !NOT_WRITTEN.has(name))
        add(
          `${uid}.${name}`,
          uid,
          (word) => ({ [name]: `${word} text` }),
          uid !== 'api::custom-scheme-plan.custom-scheme-plan',
        );
  }
  for (const [uid, fields] of Object.entries(SUBSCRIBER_FIELDS))
    for (const name of fields) {
      const attribute = schemas[uid]?.[name];
      expect(attribute, `${uid}.${name} exists`).toBeDefined();
      if (TEXT.has(attribute!.type))
        add(`${uid}.${name}`, uid, (word) => ({ [name]: `${word} text` }), true);
      else if (attribute!.type === 'component') {
        const text = Object.entries(schemas[attribute!.component!] ?? {}).filter(([, a]) =>
          TEXT.has(a.type),
        );
        add(
          `${uid}.${name}`,
          uid,
          (word) => ({ [name]: [Object.fromEntries(text.map(([field]) => [field, word]))] }),
          true,
        );
      } else if (attribute!.type === 'relation' && SUBSCRIBER_TYPES.includes(attribute!.target!))
        noText.push(`${uid}.${name}: its entries' text is marked as ${attribute!.target}`);
      else if (attribute!.type === 'media' || attribute!.type === 'relation')
        // A file, or an open entry whose own text is open on its own page: no text of this field's own.
        noText.push(`${uid}.${name}: ${attribute!.type} with no text of its own`);
      else
        throw new Error(`${uid}.${name} (${attribute!.type}): add a marker for this kind of field`);
    }
  return { cases: list, noText };
}

describe('search for visitors and trial teachers reads no subscriber-only text', () => {
  it(
    'a word only in a subscriber-only field or type changes no answer',
    { timeout: 180_000 },
    async () => {
      const { cases: all, noText } = cases();
      expect(all.length).toBeGreaterThan(3);
      expect(noText.length + all.length).toBeGreaterThanOrEqual(
        Object.values(SUBSCRIBER_FIELDS).flat().length + SUBSCRIBER_TYPES.length,
      );
      const unit = await pickEntry('api::scheme.scheme');
      const unitTitle = (
        (await cms.rest(collection('api::scheme.scheme', unit), admin)).body as {
          data: { title: string };
        }
      ).data.title;
      // A typo of a marker (two letters swapped) would be corrected from a leaked title.
      const typo = (word: string) => `${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}`;
      const queries = [
        unitTitle,
        'samba',
        'lesson',
        ...all.flatMap(({ word }) => [word, typo(word), word.slice(0, 5)]),
      ];
      const askAll = async (token?: string) =>
        Object.fromEntries(
          await Promise.all(queries.map(async (q) => [q, await answer(q, token)])),
        );
      const before = { visitor: await askAll(), trial: await askAll(trial) };

      for (const mark of all) {
        const id = await pickEntry(mark.uid);
        const path = collection(mark.uid, id);
        const saved = await cms.rest(path, admin, { method: 'PUT', body: mark.body });
        expect(saved.status, `${mark.name}: ${JSON.stringify(saved.body)}`).toBe(200);
        if (!drafted.has(mark.uid)) continue;
        const published = await cms.rest(`${path}/actions/publish`, admin, { body: {} });
        expect(published.status, `${mark.name}: ${JSON.stringify(published.body)}`).toBe(200);
      }
      // The marks took: a subscriber finds each word a searchable document quotes.
      for (const mark of all.filter(({ searchable }) => searchable))
        expect(
          (await answer(mark.word, subscriber)).total,
          `${mark.name} found by a subscriber`,
        ).toBeGreaterThan(0);

      expect(await askAll(), 'visitor').toEqual(before.visitor);
      expect(await askAll(trial), 'trial teacher').toEqual(before.trial);
    },
  );
});

// A type an administrator closes to a role (its `find` unticked) is closed to that role's search
// too: no hit, no count, no correction of its titles. Generated from the search's own list of
// types (cms/src/search/sources.js), each taken from the subscriber's role in turn.
describe('search and the role’s find', () => {
  const { SOURCES } = require('../../cms/src/search/sources.js') as {
    SOURCES: Record<string, { kind: string }>;
  };
  interface Answer {
    total: number;
    counts: Record<string, number>;
    corrected: string | null;
    results: { kind: string; documentId: string; title: string }[];
  }
  const search = async (q: string, kind?: string) =>
    (
      await cms.rest(
        `/api/search?q=${encodeURIComponent(q)}${kind ? `&kind=${encodeURIComponent(kind)}` : ''}`,
        subscriber,
      )
    ).body as Answer;

  it('answers no kind whose type the asker’s role may not find', async () => {
    const me = (await cms.rest('/api/users/me?populate=role', subscriber)).body as {
      role: { id: number };
    };
    const { find: findOf, save } = await openRole(cms.rest, admin, me.role.id);
    const leaks: string[] = [];
    let witnessed = 0;
    for (const [uid, { kind }] of Object.entries(SOURCES)) {
      // A word of a title of this kind, which the subscriber finds while the type is open.
      const sample = (await search('a', kind)).results[0] ?? (await search('the', kind)).results[0];
      const word = sample?.title.split(/\s+/).find((part) => /^[a-z]{4,}$/i.test(part));
      if (!sample || !word) continue;
      expect(
        (await search(word)).results.some((hit) => hit.kind === kind),
        `${kind} by "${word}"`,
      ).toBe(true);
      witnessed += 1;
      findOf(uid).enabled = false;
      try {
        await save();
        for (const q of [word, `${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}`]) {
          const answer = await search(q);
          if (answer.results.some((hit) => hit.kind === kind) || (answer.counts[kind] ?? 0) > 0)
            leaks.push(`${kind}: "${q}" answered ${answer.counts[kind] ?? 0}`);
        }
      } finally {
        findOf(uid).enabled = true;
        await save();
      }
    }
    expect(witnessed, 'kinds the seed has and the walk could search for').toBeGreaterThanOrEqual(
      Object.keys(SOURCES).length - 2,
    );
    expect(leaks).toEqual([]);
  });
});
