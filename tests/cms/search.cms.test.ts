// @vitest-environment node
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { bootTestCms, DEMO } from './support/test-cms';
import { adminLogIn, collection } from './support/admin-api';
import { stubLocalStorage } from './support/local-storage';

// Search over the catalogue (GET /api/search): built on the database's full-text index, published
// content only, kept up to date by publish, unpublish, update and delete; subscriber-only
// content only for active subscribers; a signed-in teacher's own custom units by title.

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

describe("every address a result gives is its page in the app's route table", () => {
  // A programme's page is /{audience}/{programme}, but a secondary programme's is under a key
  // stage whose landing page links it: /secondary/{key stage}/programme/{programme}
  // (/secondary/{slug} is a landing page or project). What sits in a programme (units, lessons,
  // activity sections, activities) names that page as its place. Checked for every programme of
  // the seed, with the app's own router (src/app/router.tsx).
  let routes: RouteObject[] = [];
  let keyStagePaths: string[] = [];
  beforeAll(async () => {
    stubLocalStorage();
    // The route table is TSX, which this project's type check (tsconfig.node.json) does not
    // compile: it is imported by a name held in a variable, with the type react-router gives it.
    const router = '../../src/app/router';
    ({ routes } = (await import(/* @vite-ignore */ router)) as { routes: RouteObject[] });
    const find = (list: RouteObject[], path: string): RouteObject | undefined =>
      list
        .flatMap((route) => (route.path === path ? [route] : [find(route.children ?? [], path)]))
        .find(Boolean);
    keyStagePaths = (find(routes, 'secondary')?.children ?? [])
      .map((route) => route.path ?? '')
      .filter((path) => path && !path.startsWith(':'));
  });

  /** The route an address lands on: its full pattern, parameters and page. */
  function land(href: string | null | undefined) {
    const matches = href ? matchRoutes(routes, new URL(href, 'http://app.test').pathname) : null;
    if (!matches) return null;
    const leaf = matches[matches.length - 1]!;
    const pattern = matches
      .map((match) => match.route.path ?? '')
      .filter((path) => path && path !== '/')
      .join('/');
    return { pattern, params: leaf.params, page: leaf.route.lazy };
  }

  interface Titled {
    documentId: string;
    title: string;
  }
  interface Seeded {
    programmes: (Titled & {
      slug: string;
      released: boolean | null;
      audience: { slug: string } | null;
      units: (Titled & { lessons: Titled[] })[];
    })[];
    activitySections: (Titled & { programme: { slug: string } | null })[];
    activityPages: (Titled & { programme: { slug: string } | null })[];
    landingPages: {
      slug: string;
      features: { programmelink: { programme: { slug: string } | null } | null }[];
    }[];
  }
  const SEEDED = `{
    programmes(pagination: { limit: 100 }) {
      documentId slug title released audience { slug }
      units(pagination: { limit: 100 }) {
        documentId title lessons(pagination: { limit: 100 }) { documentId title }
      }
    }
    activitySections(pagination: { limit: 100 }) { documentId title programme { slug } }
    activityPages(pagination: { limit: 200 }) { documentId title programme { slug } }
    landingPages(pagination: { limit: 100 }) {
      slug features { programmelink { programme { slug } } }
    }
  }`;

  async function seeded(): Promise<Seeded> {
    const answer = await cms.graphql<Seeded>(SEEDED, subscriber);
    expect(answer.errors).toBeUndefined();
    return answer.data!;
  }

  /** The result for one document, found by its title as an active subscriber. */
  async function hitOf(doc: Titled): Promise<Hit> {
    const answer = await search(doc.title, subscriber, '&limit=50');
    const hit = answer.results.find((result) => result.documentId === doc.documentId);
    expect(
      hit,
      `${doc.title}: ${JSON.stringify(answer.results.map((h) => h.title))}`,
    ).toBeDefined();
    return hit!;
  }

  it('a programme opens its page (a secondary one under the first key stage that links it), and everything in it names that page as its place', async () => {
    const data = await seeded();
    const programmes = data.programmes.filter((programme) => programme.released !== false);
    // The check can fail: the seed has programmes of both kinds.
    expect(programmes.some((programme) => programme.audience?.slug === 'secondary')).toBe(true);
    expect(programmes.some((programme) => programme.audience?.slug !== 'secondary')).toBe(true);
    expect(keyStagePaths.length).toBeGreaterThan(0);
    const programmePage = land('/an-audience/a-programme')?.page;
    expect(programmePage).toBeDefined();

    for (const programme of programmes) {
      const audience = programme.audience!.slug;
      const hit = await hitOf(programme);
      const landed = land(hit.href);
      const where = `${programme.title}: ${hit.href}`;
      expect(landed?.page, where).toBe(programmePage);
      if (audience === 'secondary') {
        const linkedFrom = data.landingPages
          .filter((page) =>
            page.features.some((box) => box.programmelink?.programme?.slug === programme.slug),
          )
          .map((page) => page.slug);
        const keyStage = keyStagePaths.find((path) => linkedFrom.includes(path));
        expect(keyStage, `${programme.title} is on a key stage's landing page`).toBeDefined();
        expect(landed, where).toMatchObject({
          pattern: `secondary/${keyStage}/programme/:programme`,
          params: { programme: programme.slug },
        });
      } else {
        expect(landed, where).toMatchObject({
          pattern: ':audience/:programme',
          params: { audience, programme: programme.slug },
        });
      }

      const inProgramme = { audience, programme: programme.slug };
      const placeOf = (found: Hit, kind: string) =>
        found.place.find((place) => place.kind === kind)?.href;
      for (const unit of programme.units) {
        const unitHit = await hitOf(unit);
        expect(placeOf(unitHit, 'programme'), unit.title).toBe(hit.href);
        expect(land(unitHit.href), unit.title).toMatchObject({
          pattern: ':audience/:programme/unit/:unit',
          params: { ...inProgramme, unit: unit.documentId },
        });
        for (const lesson of unit.lessons) {
          const lessonHit = await hitOf(lesson);
          expect(placeOf(lessonHit, 'programme'), lesson.title).toBe(hit.href);
          expect(placeOf(lessonHit, 'unit'), lesson.title).toBe(unitHit.href);
          expect(land(lessonHit.href), lesson.title).toMatchObject({
            pattern: ':audience/:programme/unit/:unit/lesson/:lesson',
            params: { ...inProgramme, unit: unit.documentId, lesson: lesson.documentId },
          });
        }
      }
      const sections = data.activitySections.filter(
        (section) => section.programme?.slug === programme.slug,
      );
      for (const section of sections) {
        const sectionHit = await hitOf(section);
        expect(placeOf(sectionHit, 'programme'), section.title).toBe(hit.href);
        expect(land(sectionHit.href), section.title).toMatchObject({
          pattern: ':audience/:programme/activities/:section',
          params: { ...inProgramme, section: section.documentId },
        });
      }
      const activities = data.activityPages.filter(
        (activity) => activity.programme?.slug === programme.slug,
      );
      for (const activity of activities) {
        const activityHit = await hitOf(activity);
        expect(placeOf(activityHit, 'programme'), activity.title).toBe(hit.href);
        // One in a section opens under its section (one in none opens the library, filtered).
        if (activityHit.place.some((place) => place.kind === 'activity section'))
          expect(land(activityHit.href), activity.title).toMatchObject({
            pattern: ':audience/:programme/activities/:section/:activity/:option?/:delivery?',
            params: { activity: activity.documentId },
          });
      }
    }
  });

  it("a teacher's own unit in a secondary programme names the programme's page as its place", async () => {
    const data = await seeded();
    const programme = data.programmes.find(
      (candidate) => candidate.audience?.slug === 'secondary' && candidate.released !== false,
    )!;
    const programmeHit = await hitOf(programme);
    const lookup = await cms.graphql<{
      audiences: { documentId: string; slug: string }[];
      customSchemeBuilders: { learning_strands: { documentId: string }[] }[];
    }>(
      '{ audiences { documentId slug } customSchemeBuilders { learning_strands { documentId } } }',
      subscriber,
    );
    const created = await cms.graphql<{ createCustomScheme: { documentId: string } }>(
      'mutation Create($data: CustomSchemeInput!) { createCustomScheme(data: $data) { documentId } }',
      subscriber,
      {
        data: {
          title: 'Wexquillian listening plan',
          learning_strands: [lookup.data!.customSchemeBuilders[0]!.learning_strands[0]!.documentId],
          audience: lookup.data!.audiences.find((audience) => audience.slug === 'secondary')!
            .documentId,
          programme: programme.documentId,
        },
      },
    );
    expect(created.errors).toBeUndefined();
    const id = created.data!.createCustomScheme.documentId;
    const own = (await search('wexquillian', subscriber)).results[0];
    expect(own).toMatchObject({
      kind: 'custom unit',
      documentId: id,
      place: [{ kind: 'programme', href: programmeHit.href }],
    });
    expect(land(own?.href), own?.href ?? '').toMatchObject({
      pattern: ':audience/:programme/custom-unit/:customUnit',
      params: { audience: 'secondary', programme: programme.slug, customUnit: id },
    });
  });

  it('a key stage page that stops linking a secondary programme moves its address, and its units’ place, to the next key stage that links it', async () => {
    const admin = await adminLogIn(cms.rest);
    const data = await seeded();
    const programme = data.programmes.find(
      (candidate) =>
        candidate.audience?.slug === 'secondary' &&
        data.landingPages.filter(
          (page) =>
            keyStagePaths.includes(page.slug) &&
            page.features.some((box) => box.programmelink?.programme?.slug === candidate.slug),
        ).length > 1,
    );
    expect(programme, 'a secondary programme on two key stages’ pages').toBeDefined();
    const before = await hitOf(programme!);
    const [first, next] = keyStagePaths.filter((path) =>
      data.landingPages.some(
        (page) =>
          page.slug === path &&
          page.features.some((box) => box.programmelink?.programme?.slug === programme!.slug),
      ),
    );
    expect(before.href).toBe(`/secondary/${first}/programme/${programme!.slug}`);

    const pages = await cms.graphql<{ landingPages: { documentId: string }[] }>(
      `{ landingPages(filters: { slug: { eq: "${first}" } }) { documentId } }`,
    );
    const path = collection(
      'api::landing-page.landing-page',
      pages.data!.landingPages[0]!.documentId,
    );
    const unit = programme!.units[0]!;
    try {
      expect((await cms.rest(`${path}/actions/unpublish`, admin, { body: {} })).status).toBe(200);
      const moved = `/secondary/${next}/programme/${programme!.slug}`;
      expect((await hitOf(programme!)).href).toBe(moved);
      expect((await hitOf(unit)).place[0]).toMatchObject({ kind: 'programme', href: moved });
    } finally {
      expect((await cms.rest(`${path}/actions/publish`, admin, { body: {} })).status).toBe(200);
    }
    expect((await hitOf(programme!)).href).toBe(before.href);
    expect((await hitOf(unit)).place[0]).toMatchObject({ kind: 'programme', href: before.href });
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

describe("a signed-in teacher's own custom units", () => {
  // A teacher's search also finds their own custom units by title (every word as the start of a
  // word of the title), first, with the unit's address under its programme; nobody else's search
  // changes in any way (no hit, no count, no facet), and the kind and audience filters apply.
  const TITLE = 'Quenthrophonics samba project';
  let teacher = '';
  let other = '';
  const askers = () =>
    [
      ['another teacher', other],
      ['a trial teacher', trial],
      ['a visitor', undefined],
    ] as const;
  const searches = ['quenthro', 'samba', 'quenthrophonics samba', 'project'];

  beforeAll(async () => {
    teacher = await cms.logIn(DEMO.subscriber2);
    other = subscriber;
  });

  it('are found by their owner only, first, under their programme, and filter by kind and audience', async () => {
    const before = new Map<string, Answer>();
    for (const [name, token] of [...askers(), ['the owner', teacher] as const])
      for (const q of searches) before.set(`${name} ${q}`, await search(q, token));

    // As the app makes one (src/features/custom-units/api/create-custom-scheme.ts).
    const builder = await cms.graphql<{
      customSchemeBuilders: {
        audience: { documentId: string; slug: string };
        programme: { documentId: string; slug: string; title: string };
        learning_strands: { documentId: string }[];
      }[];
    }>(
      '{ customSchemeBuilders { audience { documentId slug } programme { documentId slug title } learning_strands { documentId } } }',
      teacher,
    );
    const {
      audience,
      programme,
      learning_strands: strands,
    } = builder.data!.customSchemeBuilders[0]!;
    const created = await cms.graphql<{ createCustomScheme: { documentId: string } }>(
      'mutation Create($data: CustomSchemeInput!) { createCustomScheme(data: $data) { documentId } }',
      teacher,
      {
        data: {
          title: TITLE,
          learning_strands: strands.slice(0, 2).map((strand) => strand.documentId),
          audience: audience.documentId,
          programme: programme.documentId,
        },
      },
    );
    expect(created.errors).toBeUndefined();
    const id = created.data!.createCustomScheme.documentId;
    const base = `/${audience.slug}/${programme.slug}`;

    const mine = await search('quenthro', teacher);
    expect(mine.total).toBe(1);
    expect(mine.results[0]).toMatchObject({
      kind: 'custom unit',
      documentId: id,
      title: TITLE,
      href: `${base}/custom-unit/${id}`,
      audience: { slug: audience.slug },
      place: [{ kind: 'programme', title: programme.title, href: base }],
      keyStages: [],
    });
    expect(mine.facets.kind).toEqual({ 'custom unit': 1 });
    expect(mine.facets.audience).toEqual({ [audience.slug]: 1 });

    // Among catalogue results it comes first, and counts once in the total and the facets.
    const samba = await search('samba', teacher);
    const sambaBefore = before.get('the owner samba')!;
    expect(samba.results[0]).toMatchObject({ kind: 'custom unit', documentId: id });
    expect(samba.total).toBe(sambaBefore.total + 1);
    expect(samba.facets.kind).toEqual({ ...sambaBefore.facets.kind, 'custom unit': 1 });
    expect(samba.facets.audience).toEqual({
      ...sambaBefore.facets.audience,
      [audience.slug]: (sambaBefore.facets.audience?.[audience.slug] ?? 0) + 1,
    });
    expect(samba.results.slice(1)).toEqual(sambaBefore.results.slice(0, samba.results.length - 1));

    // A quoted phrase must be in the title in that order; every word must start a title word.
    const unitsOf = (answer: Answer) =>
      answer.results.filter((hit) => hit.kind === 'custom unit').map((hit) => hit.documentId);
    expect(unitsOf(await search('"quenthro samba"', teacher))).toEqual([id]);
    expect(unitsOf(await search('"samba quenthro"', teacher))).toEqual([]);
    expect(unitsOf(await search('quenthro carnival', teacher))).toEqual([]);
    expect(unitsOf(await search('henthro', teacher))).toEqual([]);

    // Filters: kind and audience apply as to any result; a key stage or time leaves it out.
    const only = await search('samba', teacher, `&kind=${encodeURIComponent('custom unit')}`);
    expect(only.results.map((hit) => hit.documentId)).toEqual([id]);
    expect(only.total).toBe(1);
    const otherKind = sambaBefore.results[0]!.kind;
    const ofOtherKind = await search('samba', teacher, `&kind=${encodeURIComponent(otherKind)}`);
    expect(ofOtherKind.results.length).toBeGreaterThan(0);
    expect(ofOtherKind.results.every((hit) => hit.kind === otherKind)).toBe(true);
    expect(unitsOf(await search('samba', teacher, `&audience=${audience.slug}`))).toEqual([id]);
    expect(unitsOf(await search('samba', teacher, '&audience=no-such-audience'))).toEqual([]);
    expect(unitsOf(await search('samba', teacher, '&keyStage=KS1'))).toEqual([]);

    // Nobody else's answer changed: not another teacher's, a trial teacher's or a visitor's.
    for (const [name, token] of askers())
      for (const q of searches)
        expect(await search(q, token), `${name}: ${q}`).toEqual(before.get(`${name} ${q}`));
  });
});
