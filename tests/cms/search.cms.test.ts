// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { bootTestCms, DEMO } from './support/test-cms';
import { adminLogIn, collection } from './support/admin-api';

// Search over the catalogue (GET /api/search): built on the database's full-text index, published
// content only, kept up to date by publish, unpublish, update and delete; subscriber-only
// content only for active subscribers.

const cms = bootTestCms('search');

interface Hit {
  kind: string;
  type: string;
  documentId: string;
  title: string;
  href: string | null;
  audience: { slug: string; title: string } | null;
  place: { kind: string; title: string; href: string | null }[];
  snippet: { text: string; match: boolean }[];
  keyStages: string[];
}
interface Answer {
  total: number;
  corrected: string | null;
  counts: Record<string, number>;
  facets: Record<string, Record<string, number>>;
  results: Hit[];
}

let subscriber = '';
let trial = '';
beforeAll(async () => {
  subscriber = await cms.logIn(DEMO.subscriber);
  trial = await cms.logIn(DEMO.trial);
});

async function search(q: string, token?: string, extra = ''): Promise<Answer> {
  const { status, body } = await cms.rest(`/api/search?q=${encodeURIComponent(q)}${extra}`, token);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as Answer;
}

describe('search answers', () => {
  it('finds a programme by its title, first, with its audience and address', async () => {
    const answer = await search('Sound Explorers');
    expect(answer.results[0]).toMatchObject({
      kind: 'programme',
      title: 'Sound Explorers',
      audience: { slug: 'primary' },
      href: '/primary/sound-explorers',
    });
  });

  it('matches a word as it is typed (prefix), stems English and forgives a typo', async () => {
    expect((await search('sam')).results.map((hit) => hit.title).join()).toMatch(/Samba/);
    const typo = await search('smaba');
    expect(typo.corrected).toBe('samba');
    expect(typo.results[0]?.title).toMatch(/Samba/);
  });

  it('a quoted phrase matches those words in that order only', async () => {
    const phrase = await search('"call and response"');
    expect(phrase.results.length).toBeGreaterThan(0);
    const reversed = await search('"response and call"');
    expect(reversed.results).toEqual([]);
  });

  it('lessons are found by active subscribers only, each with its place', async () => {
    const asSubscriber = await search('samba', subscriber);
    const lesson = asSubscriber.results.find((hit) => hit.kind === 'lesson');
    expect(
      lesson,
      JSON.stringify(asSubscriber.results.map((h) => [h.kind, h.title])),
    ).toBeDefined();
    expect(lesson?.place.map((place) => place.kind)).toEqual(['programme', 'unit']);
    expect(lesson?.href).toMatch(/^\/[^/]+\/[^/]+\/unit\/[^/]+\/lesson\/[^/]+$/);
    for (const token of [undefined, trial]) {
      const answer = await search('samba', token);
      expect(answer.results.filter((hit) => hit.kind === 'lesson')).toEqual([]);
      expect(answer.counts.lesson).toBeUndefined();
    }
  });

  it('key stages come from the age tags of the feature boxes that link a programme, and filter', async () => {
    const programme = (await search('Sound Explorers')).results[0]!;
    expect(programme).toMatchObject({ title: 'Sound Explorers', keyStages: ['KS1', 'KS2'] });
    // What sits in a programme has its key stages.
    const unit = (await search('listening and moving', subscriber)).results.find(
      (hit) => hit.kind === 'unit',
    );
    expect(unit).toMatchObject({ keyStages: ['KS1', 'KS2'] });
    const ks3 = await search('orchestra', undefined, '&keyStage=KS3');
    expect(ks3.results.length).toBeGreaterThan(0);
    expect(ks3.results.every((hit) => hit.keyStages.includes('KS3'))).toBe(true);
    expect(ks3.facets.keyStage).toMatchObject({ KS3: expect.any(Number) });
  });

  it('an invalid token is refused, not answered as a visitor', async () => {
    const { status } = await cms.rest('/api/search?q=samba', 'not-a-token');
    expect(status).toBe(401);
  });
});

describe('the index follows publishing', () => {
  let admin = '';
  beforeAll(async () => {
    admin = await adminLogIn(cms.rest);
  });
  const CPD = 'api::cpd-session.cpd-session';

  it('an update is found once published, an unpublish or delete takes it out, a draft never shows', async () => {
    const found = (await search('Confident conducting')).results[0]!;
    expect(found).toMatchObject({ kind: 'CPD session', href: '/cpd/session/confident-conducting' });
    const id = found.documentId;
    const path = collection(CPD, id);
    // A saved draft changes nothing.
    expect(
      (await cms.rest(path, admin, { method: 'PUT', body: { title: 'Marimba masterclass' } }))
        .status,
    ).toBe(200);
    expect((await search('marimba')).total).toBe(0);
    expect((await search('Confident conducting')).results[0]?.documentId).toBe(id);
    // Published: the new title is found, the old one no longer.
    expect((await cms.rest(`${path}/actions/publish`, admin, { body: {} })).status).toBe(200);
    expect((await search('marimba')).results[0]).toMatchObject({
      documentId: id,
      title: 'Marimba masterclass',
    });
    // Unpublished: gone; published again: back; deleted: gone.
    expect((await cms.rest(`${path}/actions/unpublish`, admin, { body: {} })).status).toBe(200);
    expect((await search('marimba')).total).toBe(0);
    expect((await cms.rest(`${path}/actions/publish`, admin, { body: {} })).status).toBe(200);
    expect((await search('marimba')).total).toBe(1);
    expect((await cms.rest(path, admin, { method: 'DELETE' })).status).toBe(200);
    expect((await search('marimba')).total).toBe(0);
  });
});
