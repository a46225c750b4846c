// @vitest-environment node
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { bootTestCms, DEMO } from './support/test-cms';
import { stubLocalStorage } from './support/local-storage';

// A preview token reads its own document "and what its page shows" (docs/editors.md). A
// programme's page shows its units by title and blurb, and a lesson's page neither shows its
// unit's introduction, documents nor activities: those subscriber-only fields of the unit, draft
// or published, answer as they would to a visitor.

const SECRET = 'preview-scope-related-test-secret';
const cms = bootTestCms('preview-scope-related', { env: { ADMIN_JWT_SECRET: SECRET } });
const require = createRequire(import.meta.url);

const MARK = 'Relatedmarker';

type Claims = { type: string; documentId: string; status?: string };
let sign: (claims: Claims, now?: number) => string;
let admin = '';
const ids = { programme: '', unit: '', lesson: '' };
/** The unit's subscriber-only document addresses, as a subscriber sees them. */
const paidUrls: string[] = [];

const withToken = <T = Record<string, unknown>>(
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
) => cms.graphqlResponse<T>(query, undefined, variables, { 'X-Preview-Token': token });

beforeAll(async () => {
  stubLocalStorage();
  process.env.ADMIN_JWT_SECRET = SECRET;
  ({ signPreviewToken: sign } = require('../../cms/src/preview/preview-token.js'));
  const login = await cms.rest('/admin/login', undefined, {
    body: { email: 'admin@demo.school', password: 'Admin12345' },
  });
  expect(login.status).toBe(200);
  admin = (login.body as { data: { token: string } }).data.token;
  const subscriber = await cms.logIn(DEMO.subscriber);
  const found = await cms.graphql<{
    programmes: {
      documentId: string;
      units: {
        documentId: string;
        documents: { url: string }[];
        lessons: { documentId: string }[];
      }[];
    }[];
  }>(
    `query {
      programmes(filters: { slug: { eq: "sound-explorers" } }) {
        documentId
        units { documentId documents { url } lessons { documentId } }
      }
    }`,
    subscriber,
  );
  expect(found.errors).toBeUndefined();
  const programme = found.data!.programmes[0]!;
  const unit = programme.units.find((entry) => entry.lessons.length && entry.documents.length)!;
  Object.assign(ids, {
    programme: programme.documentId,
    unit: unit.documentId,
    lesson: unit.lessons[0]!.documentId,
  });
  paidUrls.push(...unit.documents.map((file) => file.url));
  expect(paidUrls.length).toBeGreaterThan(0);
  // An editor saves a draft (not published) of the unit.
  const saved = await cms.rest(
    `/content-manager/collection-types/api::scheme.scheme/${ids.unit}`,
    admin,
    {
      method: 'PUT',
      body: { introduction: `${MARK} unit introduction` },
    },
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});

/** Neither the draft marker nor a subscriber-only document address is in the answer. */
function expectNothingPaid(answer: unknown) {
  const text = JSON.stringify(answer);
  expect(text).not.toContain(MARK);
  for (const url of paidUrls) expect(text).not.toContain(url);
}

describe("a preview token reads its page's related documents no further than the page shows", () => {
  it("a programme's token: its units' subscriber-only fields answer as to a visitor", async () => {
    const token = sign({ type: 'programme', documentId: ids.programme, status: 'draft' });
    const QUERY =
      'query ($id: ID!) { programme(documentId: $id) { units { documentId introduction documents { url } scheme_activities { title } } } }';
    const { answer } = await withToken(token, QUERY, { id: ids.programme });
    expect(answer.errors).toBeUndefined();
    expectNothingPaid(answer);
  });

  it("a lesson's token: its unit's subscriber-only fields answer as to a visitor", async () => {
    const token = sign({ type: 'lesson', documentId: ids.lesson, status: 'draft' });
    const QUERY =
      'query ($id: ID!) { scheme(documentId: $id) { title introduction documents { url } scheme_activities { title } } }';
    const visitor = await cms.graphqlResponse(QUERY, undefined, { id: ids.unit });
    const { answer } = await withToken(token, QUERY, { id: ids.unit });
    expectNothingPaid(answer);
    expect(answer).toEqual(visitor.answer);
  });
});

// "Open preview shows the app's real page for the draft": what the page builds its addresses and
// slides from answers in the preview as it does to a teacher once published.
describe('a draft preview answers what its page needs as the published page gets it', () => {
  it("a draft programme's token names the programme's audience (its page's addresses need it)", async () => {
    const subscriber = await cms.logIn(DEMO.subscriber);
    const QUERY = 'query ($id: ID!) { programme(documentId: $id) { slug audience { slug } } }';
    const published = await cms.graphql<{ programme: { audience: { slug: string } | null } }>(
      QUERY,
      subscriber,
      { id: ids.programme },
    );
    expect(published.data!.programme.audience?.slug).toBeTruthy();
    const token = sign({ type: 'programme', documentId: ids.programme, status: 'draft' });
    const { answer } = await withToken(token, QUERY, { id: ids.programme });
    expect(answer.data).toEqual(published.data);
  });

  it("a lesson's token reaches the sub-slideshows its slides open in lesson mode", async () => {
    const subscriber = await cms.logIn(DEMO.subscriber);
    type Slides = {
      lessons: {
        documentId: string;
        activity: {
          activity: {
            activity_slideshow: {
              activity_slides: {
                sub_slides2: { activity_slideshow: { documentId: string } | null }[];
              }[];
            } | null;
          } | null;
        }[];
      }[];
    };
    const subs = (lesson: Slides['lessons'][number]) =>
      lesson.activity.flatMap((entry) =>
        (entry.activity?.activity_slideshow?.activity_slides ?? []).flatMap((slide) =>
          slide.sub_slides2.map((sub) => sub.activity_slideshow?.documentId ?? null),
        ),
      );
    const FIELDS =
      'documentId activity { activity { activity_slideshow { activity_slides(pagination: { limit: 200 }) { sub_slides2 { activity_slideshow { documentId } } } } } }';
    const all = await cms.graphql<Slides>(
      `query { lessons(pagination: { limit: 500 }) { ${FIELDS} } }`,
      subscriber,
    );
    const lesson = all.data!.lessons.find((entry) => subs(entry).length > 0)!;
    expect(lesson, 'a seeded lesson with sub-slideshows').toBeDefined();
    const token = sign({ type: 'lesson', documentId: lesson.documentId, status: 'published' });
    const { answer } = await withToken<{ lesson: Slides['lessons'][number] }>(
      token,
      `query ($id: ID!) { lesson(documentId: $id) { ${FIELDS} } }`,
      { id: lesson.documentId },
    );
    expect(subs(answer.data!.lesson)).toEqual(subs(lesson));
    const first = subs(lesson)[0]!;
    const opened = await withToken<{ activitySlideshow: { documentId: string } | null }>(
      token,
      'query ($id: ID!) { activitySlideshow(documentId: $id) { documentId } }',
      { id: first },
    );
    expect(opened.answer.data?.activitySlideshow?.documentId).toBe(first);
  });
});
