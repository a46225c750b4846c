// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import type { DownloadPlan } from '../../src/lib/offline/download-plan';
import { bootTestCms, DEMO } from './support/test-cms';
import { stubLocalStorage } from './support/local-storage';

// Drafts and previews: an editor's saved draft reaches no teacher (no page query, no download, no
// search) until it is published, and only the signed preview link from the admin reads it.

const cms = bootTestCms('drafts');

const LESSON = 'api::lesson.lesson';
const ACTIVITY = 'api::activity-page.activity-page';
const SCHEME = 'api::scheme.scheme';
const MARK = 'Next term';

// The app's own documents and download plans. Some of their imports read the session from local
// storage when loaded, which Node lacks: an empty one stands in.
let app: {
  SCHEME_LESSONS_QUERY: string;
  SCHEMES_QUERY: string;
  PROGRAMME_QUERY: string;
  ACTIVITY_FILTER: string;
  lessonDownloadPlan: typeof import('../../src/features/units/components/lesson-download-plan').lessonDownloadPlan;
  unitDownloadPlan: typeof import('../../src/features/units/components/unit-download-plan').unitDownloadPlan;
};

let admin = '';
let teacher = '';
const demo = {
  programme: 'sound-explorers',
  audience: 'primary',
  unitId: '',
  lessonId: '',
  lessonTitle: '',
};

beforeAll(async () => {
  stubLocalStorage();
  app = {
    ...(await import('../../src/features/units/api/scheme-lessons-query')),
    ...(await import('../../src/features/units/api/schemes-query')),
    ...(await import('../../src/features/programmes/api/programme-query')),
    ...(await import('../../src/features/libraries/api/activity-libraries')),
    ...(await import('../../src/features/units/components/lesson-download-plan')),
    ...(await import('../../src/features/units/components/unit-download-plan')),
  };
  const login = await cms.rest('/admin/login', undefined, {
    body: { email: 'admin@demo.school', password: 'Admin12345' },
  });
  expect(login.status).toBe(200);
  admin = (login.body as { data: { token: string } }).data.token;
  teacher = await cms.logIn(DEMO.subscriber);
  const found = await cms.graphql<{
    programmes: {
      units: {
        documentId: string;
        title: string;
        lessons: { documentId: string; title: string }[];
      }[];
    }[];
  }>(
    `query { programmes(filters: { slug: { eq: "${demo.programme}" } }) { units { documentId title lessons { documentId title } } } }`,
    teacher,
  );
  const unit = found.data!.programmes[0]!.units.find(
    (entry) => entry.title === 'Listening and moving',
  )!;
  Object.assign(demo, {
    unitId: unit.documentId,
    lessonId: unit.lessons[0]!.documentId,
    lessonTitle: unit.lessons[0]!.title,
  });
});

/** The content manager's calls, as the admin panel makes them when an editor saves or publishes. */
const editor = {
  save: (uid: string, documentId: string, data: Record<string, unknown>) =>
    cms.rest(`/content-manager/collection-types/${uid}/${documentId}`, admin, {
      method: 'PUT',
      body: data,
    }),
  create: (uid: string, data: Record<string, unknown>) =>
    cms.rest(`/content-manager/collection-types/${uid}`, admin, { body: data }),
  publish: (uid: string, documentId: string) =>
    cms.rest(`/content-manager/collection-types/${uid}/${documentId}/actions/publish`, admin, {
      body: {},
    }),
  previewUrl: (uid: string, documentId: string) =>
    cms.rest(`/content-manager/preview/url/${uid}?documentId=${documentId}&status=draft`, admin),
};

/** Everything a teacher's pages, downloads and activity search get from the CMS, as one text. */
async function whatTeachersSee(newLessonId: string): Promise<string> {
  const answers: unknown[] = [];
  const ask = async (document: string, variables: Record<string, unknown> = {}) => {
    const answer = await cms.graphql(document, teacher, variables);
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    answers.push(answer.data);
    return answer.data;
  };
  await ask(app.SCHEME_LESSONS_QUERY, { lessonId: demo.lessonId, schemeId: demo.unitId });
  const unit = (await ask(app.SCHEMES_QUERY, {
    id: demo.unitId,
    programmeSlug: demo.programme,
  })) as { scheme: { lessons: { documentId: string }[] } };
  await ask(app.PROGRAMME_QUERY, { slug: demo.programme, audienceSlug: demo.audience });
  await ask(app.ACTIVITY_FILTER);
  await ask('query ($id: ID!) { lesson(documentId: $id) { documentId title } }', {
    id: newLessonId,
  });
  const plans: DownloadPlan[] = [
    app.lessonDownloadPlan({
      lessonId: demo.lessonId,
      schemeId: demo.unitId,
      title: demo.lessonTitle,
      path: '/lesson',
    }),
    app.unitDownloadPlan({
      unitId: demo.unitId,
      programmeSlug: demo.programme,
      lessonIds: unit.scheme.lessons.map((lesson) => lesson.documentId),
      title: 'Unit',
      path: '/unit',
    }),
  ];
  for (const plan of plans)
    await plan.collect(
      async (document, variables = {}) =>
        (await ask(document, variables as Record<string, unknown>)) as never,
    );
  const rest = await cms.rest(
    `/api/lessons?filters[title][$containsi]=${encodeURIComponent(MARK)}&status=draft`,
    teacher,
  );
  answers.push(rest.body);
  return JSON.stringify(answers);
}

describe('drafts and publishing', () => {
  let newLessonId = '';
  let newActivityId = '';

  it('an editor saving a published lesson, a new lesson and a new activity as drafts changes nothing teachers see', async () => {
    const saved = await editor.save(LESSON, demo.lessonId, {
      title: `${MARK}: ${demo.lessonTitle}`,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const lesson = await editor.create(LESSON, { title: `${MARK}: drums and voices` });
    expect(lesson.status, JSON.stringify(lesson.body)).toBe(201);
    newLessonId = (lesson.body as { data: { documentId: string } }).data.documentId;
    const activity = await editor.create(ACTIVITY, { title: `${MARK}: body percussion` });
    expect(activity.status, JSON.stringify(activity.body)).toBe(201);
    newActivityId = (activity.body as { data: { documentId: string } }).data.documentId;
    const unit = await editor.save(SCHEME, demo.unitId, {
      lessons: { connect: [{ documentId: newLessonId }] },
    });
    expect(unit.status, JSON.stringify(unit.body)).toBe(200);

    const seen = await whatTeachersSee(newLessonId);
    expect(seen).toContain(demo.lessonTitle);
    expect(seen).not.toContain(MARK);
  });

  it('refuses to hand drafts to teachers who ask for them', async () => {
    const refusal = 'Drafts are not readable through the API: preview them from the CMS.';
    const graphql = await cms.graphql(`query { lessons(status: DRAFT) { title } }`, teacher);
    expect(graphql.data ?? null).toBeNull();
    expect(graphql.errors?.map((error) => error.message)).toEqual([refusal]);
    const viaVariable = await cms.graphql(
      `query ($s: PublicationStatus) { activityPages(status: $s) { title } }`,
      undefined,
      { s: 'DRAFT' },
    );
    expect(viaVariable.errors?.map((error) => error.message)).toEqual([refusal]);
    const published = await cms.graphql<{ lessons: unknown[] }>(
      `query { lessons(status: PUBLISHED) { title } }`,
      teacher,
    );
    expect(published.errors).toBeUndefined();
    const rest = await cms.rest(`/api/lessons/${demo.lessonId}?status=draft`, teacher);
    expect(rest.status).toBe(200);
    expect((rest.body as { data: { title: string } }).data.title).toBe(demo.lessonTitle);
    expect((await cms.rest(`/api/lessons/${newLessonId}?status=draft`, teacher)).status).toBe(404);
    expect((await cms.rest(`/api/activity-pages/${newActivityId}?status=draft`)).status).toBe(404);
  });

  it("the admin's preview link opens the draft in the app, and nothing else", async () => {
    const answer = await editor.previewUrl(LESSON, demo.lessonId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const url = new URL((answer.body as { data: { url: string } }).data.url);
    expect(url.pathname).toBe(`/preview/lesson/${demo.lessonId}`);
    const token = url.searchParams.get('token')!;

    // The app's own lesson page query, with the link's token in the preview header.
    const preview = (previewToken: string) =>
      cms.graphqlResponse<{ lesson: { title: string } | null }>(
        app.SCHEME_LESSONS_QUERY,
        undefined,
        { lessonId: demo.lessonId, schemeId: demo.unitId },
        { 'X-Preview-Token': previewToken },
      );
    expect((await preview(token)).answer.data?.lesson?.title).toBe(`${MARK}: ${demo.lessonTitle}`);
    const [body, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ type: 'lesson', documentId: newLessonId, status: 'draft', expires: Date.now() + 60_000 })).toString('base64url')}.${signature}`;
    for (const bad of [
      forged,
      `${body}.${signature!.startsWith('x') ? 'y' : 'x'}${signature!.slice(1)}`,
      'nonsense',
    ]) {
      const refused = await preview(bad);
      expect(JSON.stringify(refused.answer)).not.toContain(MARK);
    }
    // A new activity's draft (never published), a unit's and a slideshow's have links too.
    const open = async (uid: string, documentId: string) => {
      const link = await editor.previewUrl(uid, documentId);
      return new URL((link.body as { data: { url: string } }).data.url);
    };
    const activityLink = await open(ACTIVITY, newActivityId);
    expect(activityLink.pathname).toBe(`/preview/activity/${newActivityId}`);
    const activity = await cms.graphqlResponse<{ activityPage: { title: string } | null }>(
      'query ($id: ID!) { activityPage(documentId: $id) { title } }',
      undefined,
      { id: newActivityId },
      { 'X-Preview-Token': activityLink.searchParams.get('token')! },
    );
    expect(activity.answer.data?.activityPage?.title).toBe(`${MARK}: body percussion`);
    expect((await open(SCHEME, demo.unitId)).pathname).toBe(`/preview/unit/${demo.unitId}`);
    // Only lessons, activities, units, programmes and slideshows have a page in the app to preview on.
    const audience = await cms.rest(
      `/content-manager/preview/url/api::audience.audience?documentId=x&status=draft`,
      admin,
    );
    expect(audience.status).toBe(204);
    // An editor's link, not a teacher's: the admin endpoint needs an admin.
    expect(
      (
        await cms.rest(
          `/content-manager/preview/url/${LESSON}?documentId=${demo.lessonId}`,
          teacher,
        )
      ).status,
    ).toBe(401);
  });

  it('publishing puts the changes in front of teachers', async () => {
    for (const [uid, id] of [
      [LESSON, demo.lessonId],
      [LESSON, newLessonId],
      [ACTIVITY, newActivityId],
      [SCHEME, demo.unitId],
    ] as const) {
      const published = await editor.publish(uid, id);
      expect(published.status, JSON.stringify(published.body)).toBe(200);
    }
    const seen = await whatTeachersSee(newLessonId);
    expect(seen).toContain(`${MARK}: ${demo.lessonTitle}`);
    expect(seen).toContain(`${MARK}: drums and voices`);
    expect(seen).toContain(`${MARK}: body percussion`);
  });
});
