// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminLogIn, collection, mediaIds, refusal } from './support/admin-api';
import { bootTestCms, DEMO } from './support/test-cms';

// The CMS answers rich text (an editor's Markdown) as the HTML the app shows, so the app's first
// load does not carry a Markdown renderer. Every path the app renders rich text from answers HTML
// (GraphQL, the playlist changes, the draft preview); the admin panel and the REST content API
// keep the Markdown an editor edits.

const cms = bootTestCms('rich-text-html');

const PROGRAMME = 'api::programme.programme';
const LESSON = 'api::lesson.lesson';
const ACTIVITY = 'api::activity-page.activity-page';
const SLIDESHOW = 'api::activity-slideshow.activity-slideshow';

/** What an editor types with the toolbar: a heading, bold, italic and a line break. */
const MARKDOWN = '# Title\n\n**loud** and _soft_\nnext line';
/** The app's rules: headings one level down (the page owns the h1), a single line break kept. */
const HTML = '<h2>Title</h2>\n<p><strong>loud</strong> and <em>soft</em><br>next line</p>';

let admin = '';
let teacher = '';
const ids = { programme: '', lesson: '', activity: '', slideshow: '' };

const save = (uid: string, documentId: string, data: Record<string, unknown>) =>
  cms.rest(collection(uid, documentId), admin, { method: 'PUT', body: data });
const publish = (uid: string, documentId: string) =>
  cms.rest(`${collection(uid, documentId)}/actions/publish`, admin, { body: {} });

async function ask<T>(
  query: string,
  variables: Record<string, unknown> = {},
  token: string | null = teacher,
): Promise<T> {
  const answer = await cms.graphql<T>(query, token, variables);
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data!;
}

beforeAll(async () => {
  admin = await adminLogIn(cms.rest);
  teacher = await cms.logIn(DEMO.subscriber);
  const found = await ask<{
    programmes: { documentId: string; units: { lessons: { documentId: string }[] }[] }[];
    activityPages: { documentId: string }[];
  }>(
    `query { programmes(filters: { slug: { eq: "sound-explorers" } }) { documentId units { lessons { documentId } } }
      activityPages(pagination: { limit: 1 }) { documentId } }`,
  );
  ids.programme = found.programmes[0]!.documentId;
  ids.lesson = found.programmes[0]!.units[0]!.lessons[0]!.documentId;
  ids.activity = found.activityPages[0]!.documentId;

  // An editor's Markdown in a programme, a lesson, an activity and a new slideshow's slide.
  for (const [uid, documentId, field] of [
    [PROGRAMME, ids.programme, 'blurb'],
    [LESSON, ids.lesson, 'introduction'],
    [ACTIVITY, ids.activity, 'introduction'],
  ] as const) {
    expect(refusal(await save(uid, documentId, { [field]: MARKDOWN }))).toBeNull();
    expect(refusal(await publish(uid, documentId))).toBeNull();
  }
  const image = (await mediaIds(cms.rest, admin)).image[0];
  const slideshow = await cms.rest(collection(SLIDESHOW), admin, {
    body: {
      title: 'Rich text slides',
      activity_slides: [
        {
          title: 'Loud and soft',
          slide_template: 'image',
          main_image: image,
          slide_text: MARKDOWN,
        },
      ],
    },
  });
  expect(refusal(slideshow)).toBeNull();
  ids.slideshow = (slideshow.body as { data: { documentId: string } }).data.documentId;
  expect(refusal(await publish(SLIDESHOW, ids.slideshow))).toBeNull();
});

describe('GraphQL answers rich text as HTML', () => {
  it("a programme's, a lesson's, an activity's and a slide's Markdown arrive as the app's HTML", async () => {
    const data = await ask<{
      programme: { blurb: string };
      lesson: { introduction: string };
      activityPage: { introduction: string };
      activitySlideshow: { activity_slides: { slide_text: string }[] };
    }>(
      `query Texts($programme: ID!, $lesson: ID!, $activity: ID!, $slideshow: ID!) {
        programme(documentId: $programme) { blurb }
        lesson(documentId: $lesson) { introduction }
        activityPage(documentId: $activity) { introduction }
        activitySlideshow(documentId: $slideshow) { activity_slides { slide_text } }
      }`,
      ids,
    );
    expect(data.programme.blurb).toBe(HTML);
    expect(data.lesson.introduction).toBe(HTML);
    expect(data.activityPage.introduction).toBe(HTML);
    expect(data.activitySlideshow.activity_slides[0]!.slide_text).toBe(HTML);
  });

  it("the home page's promoboxes (a component), a single type's texts and a visitor's answers are HTML too", async () => {
    const data = await ask<{
      learningResourcesHome: {
        introduction: string;
        promoboxes: { title: string; body: string }[];
      };
      signUpPage: { promobox: string; sidebar_promobox: string };
    }>(
      `query { learningResourcesHome { introduction promoboxes { title body } }
        signUpPage { promobox sidebar_promobox } }`,
      {},
      null,
    );
    expect(data.learningResourcesHome.introduction).toBe(
      '<p>Lesson plans, slides, recordings and scores for every music teacher, from early years to A level.</p>\n<p>Choose your area to get started.</p>',
    );
    expect(data.learningResourcesHome.promoboxes[0]).toEqual({
      title: 'Build your own unit',
      body: '<p>Pick learning strands and we assemble the lessons.</p>',
    });
    expect(data.signUpPage.promobox).toBe(
      '<p><strong>Whole-school subscriptions</strong> include every teacher in your school.</p>',
    );
    expect(data.signUpPage.sidebar_promobox).toBe(
      '<p>Questions? Email <a href="mailto:classroom@orchestra.example">classroom@orchestra.example</a>.</p>',
    );
  });

  it('an empty or missing text stays empty', async () => {
    expect(refusal(await save(PROGRAMME, ids.programme, { introduction: '' }))).toBeNull();
    expect(refusal(await publish(PROGRAMME, ids.programme))).toBeNull();
    const data = await ask<{ programme: { introduction: string | null } }>(
      'query ($id: ID!) { programme(documentId: $id) { introduction } }',
      { id: ids.programme },
    );
    expect(data.programme.introduction ?? '').toBe('');
  });
});

describe('the admin panel and the REST content API keep Markdown', () => {
  it('the content manager reads back what the editor typed, and so does /api', async () => {
    const edited = await cms.rest(collection(LESSON, ids.lesson), admin);
    expect((edited.body as { data: { introduction: string } }).data.introduction).toBe(MARKDOWN);
    const content = await cms.rest(`/api/lessons/${ids.lesson}`, teacher);
    expect(content.status).toBe(200);
    expect((content.body as { data: { introduction: string } }).data.introduction).toBe(MARKDOWN);
  });
});

describe('the other paths the app renders rich text from answer HTML', () => {
  it("the playlist changes' activity introductions", async () => {
    const clientId = `pl-${randomUUID()}`;
    const synced = await cms.rest('/api/playlist-sync', teacher, {
      body: {
        clientId,
        device: 'test',
        baseVersion: null,
        operations: [
          {
            id: `op-${randomUUID()}`,
            type: 'create',
            title: 'Rich text',
            audienceId: null,
            items: [
              {
                key: `item-${randomUUID()}`,
                kind: 'ComponentPlaylistsActivity',
                itemId: ids.activity,
                title: 'An activity',
                contextPath: '/activities/x',
              },
            ],
          },
        ],
      },
    });
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    const changes = await cms.rest('/api/playlist-sync/changes', teacher, {
      body: { since: null },
    });
    expect(changes.status).toBe(200);
    const playlist = (
      changes.body as {
        playlists: {
          client_id: string;
          playlist_item: { item: { introduction: string } | null }[];
        }[];
      }
    ).playlists.find((entry) => entry.client_id === clientId)!;
    expect(playlist.playlist_item[0]!.item!.introduction).toBe(HTML);
  });

  it("the draft preview's rich text", async () => {
    const draft = '## Draft\n\nA **new** plan';
    expect(refusal(await save(LESSON, ids.lesson, { introduction: draft }))).toBeNull();
    const link = await cms.rest(
      `/content-manager/preview/url/${LESSON}?documentId=${ids.lesson}&status=draft`,
      admin,
    );
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const token = new URL((link.body as { data: { url: string } }).data.url).searchParams.get(
      'token',
    )!;
    const preview = await cms.graphqlResponse<{ lesson: { introduction: string } }>(
      'query ($id: ID!) { lesson(documentId: $id) { introduction } }',
      undefined,
      { id: ids.lesson },
      { 'X-Preview-Token': token },
    );
    expect(preview.answer.data?.lesson.introduction).toBe(
      '<h3>Draft</h3>\n<p>A <strong>new</strong> plan</p>',
    );
    // The editor's draft itself is still Markdown.
    const edited = await cms.rest(collection(LESSON, ids.lesson), admin);
    expect((edited.body as { data: { introduction: string } }).data.introduction).toBe(draft);
  });
});
