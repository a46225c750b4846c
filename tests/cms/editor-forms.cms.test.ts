// @vitest-environment node
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminLogIn, collection, mediaIds, refusal } from './support/admin-api';
import { bootTestCms } from './support/test-cms';

// The editors' forms speak the editor's words: every field an editor can fill, in every content
// type and component the admin panel shows, has a label that is not its API name and a help text.
// Generated from the models the CMS runs (the content-manager's own list of content types and
// components), so a field added tomorrow fails here until it is labelled. A slide's fields show
// by its layout; an image that teachers see needs alternative text before it is published, unless
// the editor marks it decorative.

const cms = bootTestCms('editor-forms');
const SLIDESHOW = 'api::activity-slideshow.activity-slideshow';
const LANDING = 'api::landing-page.landing-page';

/** Set by Strapi, never typed by an editor. */
const SYSTEM_FIELDS = new Set([
  'id',
  'documentId',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'createdBy',
  'updatedBy',
  'locale',
  'localizations',
]);

interface Model {
  uid: string;
  isDisplayed?: boolean;
  attributes: Record<string, { type: string; conditions?: { visible?: unknown } }>;
}
type Metadatas = Record<string, { edit?: { label?: string; description?: string } }>;

let admin = '';

beforeAll(async () => {
  admin = await adminLogIn(cms.rest);
});

async function models(path: string): Promise<Model[]> {
  const answer = await cms.rest(path, admin);
  expect(answer.status).toBe(200);
  return (answer.body as { data: Model[] }).data;
}

interface Form {
  uid: string;
  attributes: Model['attributes'];
  metadatas: Metadatas;
}
let formsRead: Promise<Form[]> | null = null;

/** Every form the admin panel shows: its model and its stored labels, content types and components. */
function forms(): Promise<Form[]> {
  formsRead ??= (async () => {
    const types = (await models('/content-manager/content-types')).filter(
      (type) => type.uid.startsWith('api::') && type.isDisplayed !== false,
    );
    const components = await models('/content-manager/components');
    expect(types.length).toBeGreaterThan(25);
    expect(components.length).toBeGreaterThan(30);
    const all: Form[] = [];
    for (const [kind, list] of [
      ['content-types', types],
      ['components', components],
    ] as const) {
      for (const model of list) {
        const configuration = await cms.rest(
          `/content-manager/${kind}/${model.uid}/configuration`,
          admin,
        );
        expect(configuration.status, model.uid).toBe(200);
        const data = (
          configuration.body as {
            data: { contentType?: { metadatas: Metadatas }; component?: { metadatas: Metadatas } };
          }
        ).data;
        all.push({
          uid: model.uid,
          attributes: model.attributes,
          metadatas: (data.contentType ?? data.component)!.metadatas,
        });
      }
    }
    return all;
  })();
  return formsRead;
}

describe('every field an editor fills has a label and a help text', () => {
  it('in every content type the admin panel shows and in every component', async () => {
    const unlabelled: string[] = [];
    for (const { uid, attributes, metadatas } of await forms()) {
      for (const field of Object.keys(attributes)) {
        if (SYSTEM_FIELDS.has(field)) continue;
        const edit = metadatas[field]?.edit ?? {};
        const label = (edit.label ?? '').trim();
        const description = (edit.description ?? '').trim();
        if (!label || label === field || !description)
          unlabelled.push(
            `${uid}.${field} (label ${JSON.stringify(label)}, description ${JSON.stringify(description)})`,
          );
      }
    }
    expect(unlabelled).toEqual([]);
  });
});

describe("a slide's fields follow its layout", () => {
  it('layout-specific slide fields carry a condition on the layout, which the admin panel receives', async () => {
    const slide = (await models('/content-manager/components')).find(
      (component) => component.uid === 'slides.activity-slide',
    )!;
    const visible = (field: string) =>
      slide.attributes[field]?.conditions?.visible as
        { in: [{ var: string }, string[]] } | undefined;
    expect(visible('main_image')).toEqual({
      in: [{ var: 'slide_template' }, expect.arrayContaining(['image', 'audio_and_image', 'all'])],
    });
    expect(visible('flipcards')!.in[1].sort()).toEqual(['all', 'flipcards']);
    expect(visible('left_column')!.in[1].sort()).toEqual(['all', 'two_columns']);
    // What every layout shows has no condition.
    expect(visible('slide_text')).toBeUndefined();
    expect(visible('slide_template')).toBeUndefined();
  });
});

describe('images teachers see need alternative text on Publish, unless decorative', () => {
  let withoutAlt = 0;
  let withAlt = 0;
  let audioFile = 0;

  beforeAll(async () => {
    const media = await mediaIds(cms.rest, admin);
    withAlt = media.image[0]!;
    audioFile = media.audio[0]!;
    // A seeded image with its alternative text cleared, as an editor's fresh upload has none.
    const files = await cms.rest('/upload/files?pageSize=200', admin);
    const list = (
      Array.isArray(files.body) ? files.body : (files.body as { results: unknown[] }).results
    ) as { id: number; mime: string; alternativeText: string | null }[];
    expect(list.find((file) => file.id === withAlt)!.alternativeText).toBeTruthy();
    withoutAlt = media.image[1]!;
    const form = new FormData();
    form.append('fileInfo', JSON.stringify({ alternativeText: '' }));
    const cleared = await fetch(`${cms.url}/upload?id=${withoutAlt}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(cleared.status, await cleared.clone().text()).toBe(200);
  });

  const publish = (uid: string, data: Record<string, unknown>) =>
    cms.rest(`${collection(uid)}/actions/publish`, admin, { body: data });
  const refusedFields = (answer: { body: unknown }) =>
    (
      answer.body as { error: { details: { errors: { path: (string | number)[] }[] } } }
    ).error.details.errors.map((error) => error.path.join('.'));

  it('a slide image without alternative text is refused at its field; decorative or described, it publishes', async () => {
    const slide = (extra: Record<string, unknown>) => ({
      title: 'Alt text slides',
      activity_slides: [
        { title: 'Described', slide_template: 'image', main_image: withAlt },
        { title: 'The band', slide_template: 'image', ...extra },
      ],
    });
    const refused = await publish(SLIDESHOW, slide({ main_image: withoutAlt }));
    expect(refusal(refused)).toMatch(
      /^400 Slide 2 \("The band"\): The main image needs alternative text/,
    );
    expect(refusedFields(refused)).toEqual(['activity_slides.1.main_image']);

    const second = await publish(
      SLIDESHOW,
      slide({ main_image: withAlt, secondary_image: withoutAlt }),
    );
    expect(refusedFields(second)).toEqual(['activity_slides.1.secondary_image']);

    const decorative = await publish(
      SLIDESHOW,
      slide({ main_image: withoutAlt, main_image_decorative: true }),
    );
    expect(refusal(decorative)).toBeNull();
  });

  it("audio cards' and columns' pictures without alternative text are refused at their fields; decorative, they publish", async () => {
    const slides = (card: Record<string, unknown>, column: Record<string, unknown>) => ({
      title: 'Alt text cards',
      activity_slides: [
        {
          title: 'Which instrument',
          slide_template: 'audiocards',
          audiocards: [{ title: 'Drum', image: withoutAlt, audio: audioFile, ...card }],
        },
        {
          title: 'Compare',
          slide_template: 'two_columns',
          left_column: { title: 'Loud', images: [withAlt, withoutAlt], ...column },
          right_column: { title: 'Quiet', images: [withAlt] },
        },
      ],
    });
    const refused = await publish(SLIDESHOW, slides({}, {}));
    expect(refusal(refused)).toMatch(/Slide 1 \("Which instrument"\): Audio card 1 \("Drum"\)/);
    expect(refusedFields(refused)).toEqual([
      'activity_slides.0.audiocards.0.image',
      'activity_slides.1.left_column.images',
    ]);
    const decorative = await publish(
      SLIDESHOW,
      slides({ image_decorative: true }, { images_decorative: true }),
    );
    expect(refusal(decorative)).toBeNull();
  });

  it('a feature image without alternative text is refused at its field; decorative, it publishes', async () => {
    const page = (box: Record<string, unknown>) => ({
      title: 'Alt text landing',
      slug: `alt-text-landing-${Math.random().toString(36).slice(2, 8)}`,
      features: [{ title: 'Samba', featured_image: withoutAlt, ...box }],
    });
    const refused = await publish(LANDING, page({}));
    expect(refusal(refused)).toMatch(
      /Feature box 1 \("Samba"\): The picture needs alternative text/,
    );
    expect(refusedFields(refused)).toEqual(['features.0.featured_image']);
    expect(refusal(await publish(LANDING, page({ featured_image_decorative: true })))).toBeNull();
  });

  it('a draft Save keeps the unfinished image', async () => {
    const saved = await cms.rest(collection(SLIDESHOW), admin, {
      body: {
        title: 'Alt text draft',
        activity_slides: [{ title: 'Later', slide_template: 'image', main_image: withoutAlt }],
      },
    });
    expect(refusal(saved)).toBeNull();
  });
});

describe('image size', () => {
  it("every image field's help says the size the app shows, so an editor knows before uploading", async () => {
    const require = createRequire(import.meta.url);
    const { IMAGE_SIZE_ADVICE } = require('../../cms/src/bootstrap/image-advice.js') as {
      IMAGE_SIZE_ADVICE: string;
    };
    const missing: string[] = [];
    for (const { uid, attributes, metadatas } of await forms())
      for (const [field, attribute] of Object.entries(attributes))
        if (
          attribute.type === 'media' &&
          ((attribute as { allowedTypes?: string[] }).allowedTypes ?? []).includes('images') &&
          !metadatas[field]?.edit?.description?.includes(IMAGE_SIZE_ADVICE)
        )
          missing.push(`${uid}.${field}`);
    expect(missing).toEqual([]);
  });
});
