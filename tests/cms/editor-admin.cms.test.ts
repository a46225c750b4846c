// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { adminLogIn, collection } from './support/admin-api';
import { bootTestCms, DEMO } from './support/test-cms';

// The editor's role, and order as edited: the seeded Editor account (README) writes lessons but
// cannot open teachers' data; an order an editor drags in the admin panel is the order the app's
// queries answer.

const cms = bootTestCms('editor-admin');
const EDITOR = { email: 'editor@demo.school', password: 'Editor12345' };

let admin = '';

/**
 * Saves as the admin panel does, then presses Publish where the type has drafts (teachers' queries
 * read the published version); without draft & publish the save itself is live.
 */
async function saveAndPublish(uid: string, documentId: string, body: Record<string, unknown>) {
  const saved = await cms.rest(collection(uid, documentId), admin, { method: 'PUT', body });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const types = await cms.rest('/content-manager/content-types', admin);
  const type = (
    types.body as { data: { uid: string; options?: { draftAndPublish?: boolean } }[] }
  ).data.find((entry) => entry.uid === uid);
  if (type?.options?.draftAndPublish) {
    const published = await cms.rest(`${collection(uid, documentId)}/actions/publish`, admin, {
      body: {},
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
  }
}

beforeAll(async () => {
  admin = await adminLogIn(cms.rest);
});

describe('the Editor account', () => {
  it('reads and edits lessons but cannot read playlists, school subscriptions, custom units or teachers’ accounts', async () => {
    const editor = await adminLogIn(cms.rest, EDITOR);
    const lessons = await cms.rest(collection('api::lesson.lesson'), editor);
    expect(lessons.status).toBe(200);
    expect((lessons.body as { results: unknown[] }).results.length).toBeGreaterThan(0);
    expect(
      (await cms.rest(collection('api::activity-slideshow.activity-slideshow'), editor)).status,
    ).toBe(200);

    for (const uid of [
      'api::playlist.playlist',
      'api::member-account.member-account',
      'api::custom-scheme.custom-scheme',
      'plugin::users-permissions.user',
    ]) {
      expect((await cms.rest(collection(uid), editor)).status, uid).toBe(403);
      // The super admin still can: the refusal is the role's, not a broken type.
      expect((await cms.rest(collection(uid), admin)).status, `${uid} as admin`).toBe(200);
    }
  });
});

type Metadatas = Record<
  string,
  { edit: { label: string; description: string }; list: { label: string } }
>;

describe('labels and layout an editor understands', () => {
  it('slide, video and lesson fields carry labels and help instead of their API names', async () => {
    const lesson = await cms.rest(
      '/content-manager/content-types/api::lesson.lesson/configuration',
      admin,
    );
    const { contentType, components } = (
      lesson.body as {
        data: {
          contentType: { metadatas: Metadatas; layouts: { list: string[] } };
          components: Record<string, { metadatas: Metadatas }>;
        };
      }
    ).data;
    expect(contentType.metadatas.extensionactivities!.edit.label).toBe('Extension activities');
    expect(contentType.metadatas.disable_lesson_mode!.edit).toMatchObject({
      label: 'Turn off lesson mode',
      description: "Hides 'Start Lesson' and 'Start Activity' for this lesson.",
    });
    expect(components['lesson.activity-entry']!.metadatas.section_divider!.edit.label).toBe(
      'Section divider',
    );

    const slides = await cms.rest(
      '/content-manager/content-types/api::activity-slideshow.activity-slideshow/configuration',
      admin,
    );
    const slideshow = (
      slides.body as {
        data: {
          contentType: { metadatas: Metadatas };
          components: Record<string, { metadatas: Metadatas }>;
        };
      }
    ).data;
    expect(slideshow.components['slides.activity-slide']!.metadatas.sub_slides2!.edit.label).toBe(
      'Instrument options (sub-slideshows)',
    );
    expect(slideshow.components['shared.video']!.metadatas.film_setup!.edit.label).toBe(
      'Filming notes',
    );
    expect(slideshow.components['shared.video']!.metadatas.embed!.edit.description).toMatch(
      /^Paste a YouTube or Vimeo link/,
    );
    // Where a slideshow is used, said before it is edited.
    expect(slideshow.contentType.metadatas.title!.edit.description).toMatch(
      /reaches every one of them/,
    );
  });

  it("the lesson list shows each lesson's unit, and teachers' data is named apart from the lessons", async () => {
    const lesson = await cms.rest(
      '/content-manager/content-types/api::lesson.lesson/configuration',
      admin,
    );
    expect(
      (lesson.body as { data: { contentType: { layouts: { list: string[] } } } }).data.contentType
        .layouts.list,
    ).toContain('units');
    const list = await cms.rest(
      `${collection('api::lesson.lesson')}?filters[title][$eq]=Lesson 4: Samba carnival`,
      admin,
    );
    const row = (list.body as { results: { documentId: string; units: unknown }[] }).results[0]!;
    expect(row.units).toEqual({ count: 1 });
    // What the list's '1 unit' opens: the unit's title.
    const units = await cms.rest(
      `/content-manager/relations/api::lesson.lesson/${row.documentId}/units`,
      admin,
    );
    expect(
      (units.body as { results: { title: string }[] }).results.map((unit) => unit.title),
    ).toEqual(['Pulse and rhythm']);

    const types = await cms.rest('/content-manager/content-types', admin);
    const names = new Map(
      (types.body as { data: { uid: string; info: { displayName: string } }[] }).data.map(
        (type) => [type.uid, type.info.displayName],
      ),
    );
    for (const uid of [
      'api::playlist.playlist',
      'api::member-account.member-account',
      'api::custom-scheme.custom-scheme',
      'plugin::users-permissions.user',
    ]) {
      expect(names.get(uid), uid).toMatch(/^Teachers' data: /);
    }
    for (const uid of [
      'api::lesson.lesson',
      'api::activity-slideshow.activity-slideshow',
      'api::programme.programme',
    ])
      expect(names.get(uid), uid).not.toMatch(/^Teachers'/);
  });
});

describe('order as edited', () => {
  it("a unit's lessons and a programme's units come back in the order the editor set, not alphabetically", async () => {
    const teacher = await cms.logIn(DEMO.subscriber);
    const found = await cms.graphql<{
      programmes: {
        documentId: string;
        units: {
          documentId: string;
          title: string;
          lessons: { documentId: string; title: string }[];
        }[];
      }[];
    }>(
      'query { programmes(filters: { slug: { eq: "rhythm-makers" } }) { documentId units { documentId title lessons { documentId title } } } }',
      teacher,
    );
    const programme = found.data!.programmes[0]!;
    const unit = programme.units[0]!;
    expect(unit.lessons.length).toBeGreaterThanOrEqual(3);

    // An order that is neither the seed's nor alphabetical: the last lesson dragged to the top, then
    // the first two swapped if that happens to be alphabetical.
    let order = [unit.lessons.at(-1)!, ...unit.lessons.slice(0, -1)];
    const alphabetical = [...order].sort((a, b) => a.title.localeCompare(b.title));
    if (order.every((lesson, index) => lesson === alphabetical[index]))
      order = [order[1]!, order[0]!, ...order.slice(2)];
    await saveAndPublish('api::scheme.scheme', unit.documentId, {
      lessons: { set: order.map(({ documentId }) => ({ documentId })) },
    });
    const units = [...programme.units].reverse();
    await saveAndPublish('api::programme.programme', programme.documentId, {
      units: { set: units.map(({ documentId }) => ({ documentId })) },
    });

    const after = await cms.graphql<{
      programmes: { units: { title: string; lessons: { title: string }[] }[] }[];
    }>(
      'query { programmes(filters: { slug: { eq: "rhythm-makers" } }) { units { title lessons { title } } } }',
      teacher,
    );
    const answered = after.data!.programmes[0]!;
    expect(answered.units.map((entry) => entry.title)).toEqual(units.map((entry) => entry.title));
    expect(
      answered.units
        .find((entry) => entry.title === unit.title)!
        .lessons.map((lesson) => lesson.title),
    ).toEqual(order.map((lesson) => lesson.title));
  });
});
