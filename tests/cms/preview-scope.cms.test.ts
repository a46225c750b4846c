// @vitest-environment node
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { bootTestCms, DEMO } from './support/test-cms';
import { stubLocalStorage } from './support/local-storage';

// An editor's preview is the app's real pages reading through the ordinary GraphQL queries with
// the preview link's signed token in a header. The token reads its own document in its version,
// with what that page shows (subscriber-only content included), and nothing else: every other
// document answers as it would to a visitor, a preview never writes, and a tampered or expired
// token is no token at all.

const SECRET = 'preview-scope-test-secret';
const cms = bootTestCms('preview-scope', { env: { ADMIN_JWT_SECRET: SECRET } });
const require = createRequire(import.meta.url);

const LESSON = 'api::lesson.lesson';
const ACTIVITY = 'api::activity-page.activity-page';
const MARK = 'Draft only';

type Claims = { type: string; documentId: string; status?: string };
let sign: (claims: Claims, now?: number) => string;
let SCHEME_LESSONS_QUERY = '';
let ACTIVITY_SLIDE_SHOW = '';
let admin = '';
let subscriber = '';
const ids = {
  unit: '',
  otherUnit: '',
  lesson: '',
  sibling: '',
  lessonActivity: '',
  outsideActivity: '',
  slideshow: '',
  outsideSlideshow: '',
};

interface LessonAnswer {
  lesson: {
    documentId: string;
    title: string;
    introduction: string | null;
    activity: { activity: { documentId: string; title: string } | null }[];
  } | null;
  scheme: { documentId: string; lessons: { documentId: string }[] } | null;
}

const withToken = <T = Record<string, unknown>>(
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
  bearer?: string,
) => cms.graphqlResponse<T>(query, bearer, variables, { 'X-Preview-Token': token });

beforeAll(async () => {
  stubLocalStorage();
  process.env.ADMIN_JWT_SECRET = SECRET;
  ({ signPreviewToken: sign } = require('../../cms/src/preview/preview-token.js'));
  ({ SCHEME_LESSONS_QUERY } = await import('../../src/features/units/api/scheme-lessons-query'));
  ({ ACTIVITY_SLIDE_SHOW } = await import('../../src/lib/lesson-content/activity-slide-show'));
  const login = await cms.rest('/admin/login', undefined, {
    body: { email: 'admin@demo.school', password: 'Admin12345' },
  });
  expect(login.status).toBe(200);
  admin = (login.body as { data: { token: string } }).data.token;
  subscriber = await cms.logIn(DEMO.subscriber);
  const found = await cms.graphql<{
    programmes: {
      units: {
        documentId: string;
        lessons: {
          documentId: string;
          activity: {
            activity: { documentId: string; activity_slideshow: { documentId: string } | null };
          }[];
        }[];
      }[];
    }[];
    activityPages: { documentId: string; activity_slideshow: { documentId: string } | null }[];
  }>(
    `query {
      programmes(filters: { slug: { eq: "sound-explorers" } }) {
        units { documentId lessons { documentId activity { activity { documentId activity_slideshow { documentId } } } } }
      }
      activityPages(pagination: { limit: 500 }) { documentId activity_slideshow { documentId } }
    }`,
    subscriber,
  );
  expect(found.errors).toBeUndefined();
  const units = found.data!.programmes[0]!.units.filter((unit) => unit.lessons.length > 1);
  const unit = units[0]!;
  const lesson = unit.lessons.find((entry) =>
    entry.activity.some((item) => item.activity?.activity_slideshow),
  )!;
  const inLesson = new Set(lesson.activity.map((item) => item.activity?.documentId));
  const lessonSlideshows = new Set(
    lesson.activity.map((item) => item.activity?.activity_slideshow?.documentId),
  );
  const lessonActivity = lesson.activity.find(
    (item) => item.activity?.activity_slideshow,
  )!.activity!;
  const outside = found.data!.activityPages.find(
    (page) =>
      !inLesson.has(page.documentId) &&
      page.activity_slideshow &&
      !lessonSlideshows.has(page.activity_slideshow.documentId),
  )!;
  Object.assign(ids, {
    unit: unit.documentId,
    otherUnit: found.data!.programmes[0]!.units.find((entry) => entry !== unit)!.documentId,
    lesson: lesson.documentId,
    sibling: unit.lessons.find((entry) => entry !== lesson)!.documentId,
    lessonActivity: lessonActivity.documentId,
    slideshow: lessonActivity.activity_slideshow!.documentId,
    outsideActivity: outside.documentId,
    outsideSlideshow: outside.activity_slideshow!.documentId,
  });
  // An editor saves drafts: of the previewed lesson, and of an activity outside it.
  for (const [uid, documentId, data] of [
    [LESSON, ids.lesson, { title: `${MARK}: lesson`, introduction: `${MARK} introduction` }],
    [ACTIVITY, ids.outsideActivity, { title: `${MARK}: outside activity` }],
  ] as const) {
    const saved = await cms.rest(`/content-manager/collection-types/${uid}/${documentId}`, admin, {
      method: 'PUT',
      body: data,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
});

const lessonToken = () => sign({ type: 'lesson', documentId: ids.lesson, status: 'draft' });

describe('a preview token reads its own page', () => {
  it("a lesson's token reads the lesson's draft through the app's own lesson query", async () => {
    const { status, answer } = await withToken<LessonAnswer>(lessonToken(), SCHEME_LESSONS_QUERY, {
      lessonId: ids.lesson,
      schemeId: ids.unit,
    });
    expect(status).toBe(200);
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.lesson).toMatchObject({
      documentId: ids.lesson,
      title: `${MARK}: lesson`,
      introduction: expect.stringContaining(`${MARK} introduction`) as unknown,
    });
    expect(answer.data!.lesson!.activity.map((entry) => entry.activity?.documentId)).toContain(
      ids.lessonActivity,
    );
    // The unit is the lesson's own: its lesson list holds this lesson and no other paid lesson.
    expect(answer.data!.scheme!.lessons.map((entry) => entry.documentId)).toEqual([ids.lesson]);
  });

  it("reaches the lesson's activities' slideshows (lesson mode)", async () => {
    const { answer } = await withToken<{
      activityPage: { activity_slideshow: { documentId: string; activity_slides: unknown[] } };
    }>(lessonToken(), ACTIVITY_SLIDE_SHOW, { id: ids.lessonActivity });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.activityPage.activity_slideshow.documentId).toBe(ids.slideshow);
    expect(answer.data!.activityPage.activity_slideshow.activity_slides.length).toBeGreaterThan(0);
  });

  it("a unit's token reads the unit's subscriber-only fields and lessons", async () => {
    const token = sign({ type: 'unit', documentId: ids.unit, status: 'draft' });
    const { answer } = await withToken<{
      scheme: { introduction: string | null; lessons: { documentId: string }[] };
    }>(
      token,
      'query ($id: ID!) { scheme(documentId: $id) { introduction lessons { documentId } } }',
      {
        id: ids.unit,
      },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.scheme.lessons.map((entry) => entry.documentId)).toContain(ids.sibling);
  });

  it("a slideshow's token reads that slideshow and no other", async () => {
    const token = sign({ type: 'slideshow', documentId: ids.slideshow, status: 'draft' });
    const QUERY =
      'query ($id: ID!) { activitySlideshow(documentId: $id) { documentId activity_slides { __typename } } }';
    const own = await withToken<{ activitySlideshow: { documentId: string } | null }>(
      token,
      QUERY,
      { id: ids.slideshow },
    );
    expect(own.answer.errors).toBeUndefined();
    expect(own.answer.data!.activitySlideshow?.documentId).toBe(ids.slideshow);
    const other = await withToken<{ activitySlideshow: unknown }>(token, QUERY, {
      id: ids.outsideSlideshow,
    });
    expect(other.answer.data?.activitySlideshow ?? null).toBeNull();
  });
});

describe('and nothing else', () => {
  it('another lesson of the same unit, its draft or published, is not readable', async () => {
    const token = lessonToken();
    const one = await withToken<{ lesson: unknown }>(
      token,
      'query ($id: ID!) { lesson(documentId: $id) { title introduction } }',
      { id: ids.sibling },
    );
    expect(one.answer.data?.lesson ?? null).toBeNull();
    const list = await withToken<{ lessons: { documentId: string }[] }>(
      token,
      'query { lessons(pagination: { limit: 500 }) { documentId introduction } }',
    );
    expect(list.answer.data!.lessons.map((entry) => entry.documentId)).toEqual([ids.lesson]);
    // Nor through a relation: the programme's other units' lessons stay closed.
    const nested = await withToken<{
      lesson: { units: { programme: { units: { lessons: { documentId: string }[] }[] } }[] };
    }>(
      token,
      'query ($id: ID!) { lesson(documentId: $id) { units { programme { units { lessons { documentId } } } } } }',
      { id: ids.lesson },
    );
    const reached = JSON.stringify(nested.answer.data);
    expect(reached).not.toContain(ids.sibling);
  });

  it('an activity outside the lesson answers as to a visitor: published, no slideshow', async () => {
    const QUERY =
      'query ($id: ID!) { activityPage(documentId: $id) { title activity_slideshow { documentId } } }';
    const visitor = await cms.graphql<{ activityPage: { title: string } }>(QUERY, undefined, {
      id: ids.outsideActivity,
    });
    const { answer } = await withToken<{
      activityPage: { title: string; activity_slideshow: unknown };
    }>(lessonToken(), QUERY, { id: ids.outsideActivity });
    expect(answer.data!.activityPage.title).not.toContain(MARK);
    expect(answer.data!.activityPage.activity_slideshow).toBeNull();
    // The visitor is refused the slideshow field; the preview answers it empty.
    expect(answer.data!.activityPage.title).toBe(visitor.data!.activityPage.title);
    // The slideshow itself, asked for by id, is not there either.
    const slideshow = await withToken<{ activitySlideshow: unknown }>(
      lessonToken(),
      'query ($id: ID!) { activitySlideshow(documentId: $id) { documentId } }',
      { id: ids.outsideSlideshow },
    );
    expect(slideshow.answer.data?.activitySlideshow ?? null).toBeNull();
  });

  it("another unit's subscriber-only fields stay empty", async () => {
    const { answer } = await withToken<{
      scheme: { introduction: string | null; lessons: unknown[] } | null;
    }>(
      lessonToken(),
      'query ($id: ID!) { scheme(documentId: $id) { introduction lessons { documentId } } }',
      {
        id: ids.otherUnit,
      },
    );
    expect(answer.data!.scheme).toEqual({ introduction: null, lessons: [] });
  });

  it('refuses every mutation, whatever the operation', async () => {
    for (const query of [
      'mutation { updateUserProfile(first_name: "A", last_name: "B") { first_name } }',
      `mutation ($data: PlaylistInput!) { createPlaylist(data: $data) { documentId } }`,
      `query A { lessons { documentId } } mutation B { updateUserProfile(first_name: "A") { first_name } }`,
    ]) {
      const refused = await withToken(lessonToken(), query, { data: { title: 'x' } }, subscriber);
      expect(refused.status).toBe(403);
      expect(refused.answer.data ?? null).toBeNull();
      expect(refused.answer.errors?.[0]?.message).toBe(
        'A preview link only reads: open the CMS to change content.',
      );
    }
  });

  it("reads no users, no playlists and nobody's account, even beside a teacher's session", async () => {
    for (const query of [
      'query { usersPermissionsUsers { username email } }',
      'query { playlists { documentId title } }',
      'query { me { username email } }',
    ]) {
      const visitor = await cms.graphqlResponse(query);
      const preview = await withToken(lessonToken(), query, {}, subscriber);
      expect(preview.answer).toEqual(visitor.answer);
      expect(JSON.stringify(preview.answer)).not.toContain(DEMO.subscriber);
    }
  });

  it('a tampered or expired token is no token: the visitor answer', async () => {
    const QUERY = `query ($id: ID!) { lesson(documentId: $id) { title } activityPage(documentId: "${ids.outsideActivity}") { title } }`;
    const visitor = await cms.graphqlResponse(QUERY, undefined, { id: ids.lesson });
    const [body, signature] = lessonToken().split('.');
    const forged = `${Buffer.from(JSON.stringify({ type: 'lesson', documentId: ids.sibling, status: 'draft', expires: Date.now() + 60_000 })).toString('base64url')}.${signature}`;
    const expired = sign(
      { type: 'lesson', documentId: ids.lesson, status: 'draft' },
      Date.now() - 2 * 60 * 60 * 1000,
    );
    for (const token of [
      forged,
      `${body}.${signature!.startsWith('x') ? 'y' : 'x'}${signature!.slice(1)}`,
      expired,
      'nonsense',
    ]) {
      const answer = await withToken(token, QUERY, { id: ids.lesson });
      expect(answer.status).toBe(visitor.status);
      expect(answer.answer).toEqual(visitor.answer);
      expect(JSON.stringify(answer.answer)).not.toContain(MARK);
    }
  });

  it('a published-version token reads the published lesson, not the draft', async () => {
    const token = sign({ type: 'lesson', documentId: ids.lesson, status: 'published' });
    const { answer } = await withToken<LessonAnswer>(token, SCHEME_LESSONS_QUERY, {
      lessonId: ids.lesson,
      schemeId: ids.unit,
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.lesson!.title).not.toContain(MARK);
  });
});
