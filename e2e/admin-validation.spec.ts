import type { BrowserContextOptions, Locator, Page } from '@playwright/test';
import { createRequire } from 'node:module';
import { crc32, deflateSync } from 'node:zlib';
import { startAdminCms, signInToAdmin, type AdminCms } from './support/admin-panel';
// The suite's own fixtures, though these tests drive their own CMS: the worker is then one the
// other specs share, so this long spec starts as early as any, not after all of them.
import { expect, test } from './support/fixtures';
import { waitForServiceWorker } from './support/session';

// A refusal leaves the admin panel's form as the editor left it, with the message at the field it
// concerns: in the real panel, as the demo Editor. A draft Save keeps unfinished work; Publish is
// refused until lesson mode could show every slide, and the rules are the CMS's own
// (cms/src/bootstrap/editor-checks/slide-rules.js), so a new rule is tried here too.

type Problem = { message: string; fields: (string | number)[][] };
const require = createRequire(import.meta.url);
const { TEMPLATE_RULES, slideshowProblems } =
  require('../cms/src/bootstrap/editor-checks/slide-rules.js') as {
    TEMPLATE_RULES: Record<string, (slide: Record<string, unknown>) => Problem[]>;
    slideshowProblems: (slideshow: { activity_slides: Record<string, unknown>[] }) => Problem[];
  };

/** The words the Layout list shows for each stored code (cms/src/admin/app.mjs). */
const LAYOUT_NAMES = require('../cms/src/admin/slide-layouts.json') as Record<string, string>;
const slideSchema = require('../cms/src/components/slides/activity-slide.json') as {
  attributes: Record<string, { conditions?: { visible?: { in: [unknown, string[]] } } }>;
};
const { imageAltProblems } = require('../cms/src/bootstrap/editor-checks/image-alt.js') as {
  imageAltProblems: (strapi: unknown, uid: string, document: unknown) => Problem[];
};
const SLIDESHOW_UID = 'api::activity-slideshow.activity-slideshow';
/** The models the image check walks for a slideshow's slides, read from their schema files. */
const SLIDESHOW_MODELS = {
  contentTypes: {
    [SLIDESHOW_UID]:
      require('../cms/src/api/activity-slideshow/content-types/activity-slideshow/schema.json') as unknown,
  },
  components: { 'slides.activity-slide': slideSchema },
};
const { FIELDS } = require('../cms/src/bootstrap/editor-fields.js') as {
  FIELDS: Record<string, Record<string, [string, string]>>;
};

const SLIDESHOWS =
  '/admin/content-manager/collection-types/api::activity-slideshow.activity-slideshow';
const LESSONS = '/admin/content-manager/collection-types/api::lesson.lesson';
// The form's label of each field a slide rule can name (a rule naming another field fails here
// until its label is added).
const FIELD_LABELS: Record<string, string> = {
  main_image: 'Main image',
  audio: 'Audio',
  videos: 'Videos',
  sub_slides2: 'Instrument options (sub-slideshows)',
  flipcards: 'Flip cards',
  audiocards: 'Audio cards',
  left_column: 'Left column',
  right_column: 'Right column',
};

test.describe('@admin refusals keep the form', () => {
  let cms: AdminCms;
  // One sign-in for the file: the admin's login is rate limited.
  let session: BrowserContextOptions['storageState'];
  // Playwright reads fixture dependencies from the destructuring pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  test.use({ storageState: async ({}, use) => use(session) });

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(600_000);
    cms = await startAdminCms();
    console.log(
      `admin CMS: build ${cms.seconds.build.toFixed(0)} s, boot ${cms.seconds.boot.toFixed(0)} s`,
    );
    const context = await browser.newContext();
    await signInToAdmin(await context.newPage(), cms.url);
    session = await context.storageState();
    await context.close();
  });
  test.afterAll(async () => {
    await cms?.stop();
  });

  test.beforeEach(() => {
    test.setTimeout(180_000);
  });

  test('an existing slideshow: Save keeps the new title, slide and text as a draft; a refused Publish keeps the form and names the field; without the slide it publishes', async ({
    page,
  }, testInfo) => {
    await page.goto(`${cms.url}${SLIDESHOWS}`);
    await page.getByText('Hello Song slides', { exact: true }).click();
    const title = page.locator('[name="title"]');
    await title.fill('Hello Song slides, new term');
    const slide = await addSlide(page, 4, 'Loud or quiet', 'flipcards');
    await typeSlideText(slide, 'Which sounds are loud?');
    const kept = (titleText: string) =>
      expectKept(page, titleText, 4, 'Loud or quiet', 'Which sounds are loud?');

    // Save keeps the unfinished work as a draft: the form stays as it was.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notice(page, 'Saved document')).toBeVisible();
    await kept('Hello Song slides, new term');
    // The form takes the saved document back once the save is through (Save is then off, with
    // nothing to save): a change typed before that was overwritten by it in a run at load 8.
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

    // Publish, with one more change not yet saved: refused, the form as the editor left it, the
    // message at the slide's Flip cards.
    await title.fill('Hello Song slides, spring term');
    await page.getByRole('button', { name: 'Publish' }).click();
    const message = 'Slide 5 ("Loud or quiet"): A flip-card slide needs at least one flip card.';
    await expect(notice(page, message)).toBeVisible();
    await kept('Hello Song slides, spring term');
    await expect(fieldError(page, message)).toHaveCount(1);
    expect(await fieldOf(fieldError(page, message))).toEqual({ slide: 4, label: 'Flip cards' });
    await fieldError(page, message).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('refused-publish.png') });

    // The saved draft is still there after a reload (the refused Publish wrote nothing).
    await page.reload();
    await page.getByRole('button', { name: 'Loud or quiet', exact: true }).click();
    await kept('Hello Song slides, new term');

    // Without the unfinished slide the version publishes.
    await page
      .locator('div')
      .filter({ has: page.getByRole('button', { name: 'Loud or quiet', exact: true }) })
      .filter({ has: page.getByRole('button', { name: 'Delete', exact: true }) })
      .last()
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(page.locator('[name="activity_slides.4.title"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(notice(page, 'Published document')).toBeVisible();
    await expect(title).toHaveValue('Hello Song slides, new term');
  });

  test('a brand-new slideshow: a refused Publish keeps everything typed; Save creates the draft', async ({
    page,
  }) => {
    await page.goto(`${cms.url}${SLIDESHOWS}/create`);
    await page.locator('[name="title"]').fill('Dynamics slides');
    const slide = await addSlide(page, 0, 'Loud or quiet', 'flipcards');
    await typeSlideText(slide, 'Which sounds are loud?');

    await page.getByRole('button', { name: 'Publish' }).click();
    const message = 'Slide 1 ("Loud or quiet"): A flip-card slide needs at least one flip card.';
    await expect(notice(page, message)).toBeVisible();
    await expect(page).toHaveURL(/\/create/);
    await expectKept(page, 'Dynamics slides', 0, 'Loud or quiet', 'Which sounds are loud?');
    await expect(fieldError(page, message)).toHaveCount(1);
    expect(await fieldOf(fieldError(page, message))).toEqual({ slide: 0, label: 'Flip cards' });

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notice(page, 'Saved document')).toBeVisible();
    await expect(page).not.toHaveURL(/\/create/);
    await page.getByRole('button', { name: 'Loud or quiet', exact: true }).click();
    await expectKept(page, 'Dynamics slides', 0, 'Loud or quiet', 'Which sounds are loud?');
  });

  test('every slide rule: Publish names each problem at its field, in its slide, and the slides stay', async ({
    page,
  }) => {
    // One empty slide per layout that needs something, as the CMS's own rules say.
    const templates = Object.keys(TEMPLATE_RULES).filter(
      (template) => TEMPLATE_RULES[template]!({ slide_template: template }).length > 0,
    );
    expect(templates.length).toBeGreaterThan(5);
    const slides = templates.map((template) => ({
      title: `Empty ${template}`,
      slide_template: template,
    }));
    const expected = slideshowProblems({ activity_slides: slides });

    await page.goto(`${cms.url}${SLIDESHOWS}/create`);
    await page.locator('[name="title"]').fill('Every rule');
    for (const [index, slide] of slides.entries())
      await addSlide(page, index, slide.title, slide.slide_template);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(notice(page, expected[0]!.message)).toBeVisible();

    await expect(page.locator('[name="title"]')).toHaveValue('Every rule');
    for (const [index, slide] of slides.entries()) {
      // The panel opens one slide at a time: open each and read its fields' messages.
      const header = page.getByRole('button', { name: slide.title, exact: true });
      if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
      await expect(page.locator(`[name="activity_slides.${index}.title"]`)).toHaveValue(
        slide.title,
      );
      for (const problem of expected.filter(({ fields }) => fields[0]![1] === index)) {
        const errors = fieldError(page, problem.message);
        await expect(errors).toHaveCount(problem.fields.length);
        const places = await Promise.all((await errors.all()).map((error) => fieldOf(error)));
        expect(places).toEqual(
          problem.fields.map((field) => ({ slide: index, label: FIELD_LABELS[String(field[2])] })),
        );
      }
    }
  });

  test("choosing a slide's layout shows the fields that layout uses and hides the others", async ({
    page,
  }) => {
    await page.goto(`${cms.url}${SLIDESHOWS}/create`);
    await page.locator('[name="title"]').fill('Layouts');
    const slide = await addSlide(page, 0, 'Which fields', 'image');
    // Every field with a layout condition, by the label the form gives it.
    const conditional = Object.entries(slideSchema.attributes).flatMap(([field, attribute]) => {
      const layouts = attribute.conditions?.visible?.in[1];
      return layouts
        ? [{ field, layouts, label: FIELDS['slides.activity-slide']![field]![0] }]
        : [];
    });
    expect(conditional.length).toBeGreaterThan(10);
    const labelled = (label: string) =>
      slide
        .locator('label')
        .filter({ hasText: new RegExp(`^${escaped(label)}(\\s*\\(\\d+\\))?\\*?$`) });
    for (const layout of ['image', 'flipcards', 'two_columns', 'sub_slide_buttons', 'all']) {
      if (layout !== 'image') await chooseLayout(slide, layout);
      await expect(slide.getByRole('combobox', { name: 'Layout' })).toContainText(
        LAYOUT_NAMES[layout]!,
      );
      for (const { field, layouts, label } of conditional)
        await expect(labelled(label), `${field} in the ${layout} layout`).toHaveCount(
          layouts.includes(layout) ? 1 : 0,
        );
      // What every layout shows stays.
      await expect(slide.locator(`[name="activity_slides.0.title"]`)).toBeVisible();
    }
  });

  test('a video text the app cannot play: the message is at its Embed field, the text stays', async ({
    page,
  }) => {
    await page.goto(`${cms.url}${SLIDESHOWS}/create`);
    await page.locator('[name="title"]').fill('Samba film slides');
    await addSlide(page, 0, 'Watch', 'video');
    await addEntry(page, 'Videos');
    const embed = page.locator('[name="activity_slides.0.videos.0.embed"]');
    await embed.fill('the samba film from last term');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(notice(page, 'cannot be shown')).toBeVisible();
    await expect(embed).toHaveValue('the samba film from last term');
    const described = await embed.getAttribute('aria-describedby');
    expect(described).toBeTruthy();
    await expect(
      page.locator(`[id="${described!.split(' ').find((id) => id.endsWith('error'))}"]`),
    ).toContainText('The text is not a single link');
  });

  test('a lesson row without an activity: the message is at the row, the rows stay', async ({
    page,
  }) => {
    await page.goto(`${cms.url}${LESSONS}/create`);
    await page.locator('[name="title"]').fill('Echo lesson');
    await addEntry(page, 'Activities (in order)');
    await page.locator('[name="activity.0.title"]').fill('Echo clapping');
    await page.getByRole('button', { name: 'Publish' }).click();
    const message =
      'Activity row 1 ("Echo clapping") needs an activity, or set \'Section divider\' to TRUE to make it a heading.';
    await expect(notice(page, message)).toBeVisible();
    await expect(page.locator('[name="title"]')).toHaveValue('Echo lesson');
    await expect(page.locator('[name="activity.0.title"]')).toHaveValue('Echo clapping');
    await expect(fieldError(page, message)).toHaveCount(1);
  });

  test("a slide image without alternative text: Publish names it at 'Main image'; marked decorative, it publishes", async ({
    page,
  }) => {
    // Setup through the admin's own API, as the super admin: a seeded picture with its
    // alternative text cleared (a fresh upload has none), on the image slide of a draft.
    const { api, auth } = await superAdminApi(cms.url);
    const files = (await api('/upload/files?pageSize=200', { headers: auth })) as unknown as
      { id: number; mime: string }[] | { results: { id: number; mime: string }[] };
    const image = (Array.isArray(files) ? files : files.results).find((file) =>
      file.mime.startsWith('image/'),
    )!;
    const form = new FormData();
    form.append('fileInfo', JSON.stringify({ alternativeText: '' }));
    await api(`/upload?id=${image.id}`, { method: 'POST', headers: auth, body: form });
    const slide = { title: 'The band', slide_template: 'image' };
    await api(SLIDESHOWS.replace('/admin', ''), {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        title: 'Alt text slides',
        activity_slides: [{ ...slide, main_image: image.id }],
      }),
    });
    const [expected] = imageAltProblems(SLIDESHOW_MODELS, SLIDESHOW_UID, {
      activity_slides: [{ ...slide, main_image: { id: image.id, alternativeText: '' } }],
    });

    await page.goto(`${cms.url}${SLIDESHOWS}`);
    await page.getByText('Alt text slides', { exact: true }).click();
    await page.getByRole('button', { name: 'The band', exact: true }).click();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(notice(page, expected!.message)).toBeVisible();
    await expect(fieldError(page, expected!.message)).toHaveCount(1);
    expect(await fieldOf(fieldError(page, expected!.message))).toEqual({
      slide: 0,
      label: 'Main image',
    });

    const decorative = page.locator('[name="activity_slides.0.main_image_decorative"]');
    await decorative.click({ force: true });
    await expect(decorative).toBeChecked();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(notice(page, 'Published document')).toBeVisible();
  });

  test("a picture bigger than the app shows is named in the 'Picture sizes' panel, and nothing is refused", async ({
    page,
  }) => {
    const { api, auth } = await superAdminApi(cms.url);
    const form = new FormData();
    form.append('files', new Blob([widePng(2400, 1200)], { type: 'image/png' }), 'band-wide.png');
    form.append('fileInfo', JSON.stringify({ alternativeText: 'The band on stage' }));
    const [upload] = (await api('/upload', { method: 'POST', headers: auth, body: form })) as {
      id: number;
    }[];
    await api(SLIDESHOWS.replace('/admin', ''), {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        title: 'Big picture slides',
        activity_slides: [{ title: 'The band', slide_template: 'image', main_image: upload!.id }],
      }),
    });

    await page.goto(`${cms.url}${SLIDESHOWS}`);
    await page.getByText('Big picture slides', { exact: true }).click();
    await expect(page.getByText('Picture sizes', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Pictures bigger than the app shows' }).getByRole('listitem'),
    ).toHaveText([
      /^band-wide\.png is 2400 × 1200 pixels and .+ MB\. The app shows pictures at up to 1920 × 1080 pixels/,
    ]);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(notice(page, 'Published document')).toBeVisible();
  });

  test("the preview side panel shows the app's real lesson page with the saved draft", async ({
    page,
  }, testInfo) => {
    // The editor's Save keeps a draft; the panel's Open preview frames the app's preview route
    // (cms/src/preview/preview-url.js, APP_URL), which renders the real lesson page of that draft
    // under the Draft marker. The app's worker runs first, as for an editor who also teaches: the
    // framed page must still come from the web server, whose headers let the admin frame it, not
    // from the worker's precached shell.
    const app = await page.context().newPage();
    await app.goto(cms.appUrl);
    await waitForServiceWorker(app);
    await app.close();
    const draftTitle = 'Next term: Loud, quiet and in between';
    await page.goto(`${cms.url}${LESSONS}?_q=${encodeURIComponent('Loud and quiet')}`);
    await page.getByText('Lesson 2: Loud and quiet', { exact: true }).first().click();
    const title = page.locator('[name="title"]');
    await expect(title).toHaveValue('Lesson 2: Loud and quiet');
    await title.fill(draftTitle);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notice(page, 'Saved document')).toBeVisible();

    // The side panel's Open preview (a link, enabled once the draft is saved).
    await page.getByRole('link', { name: 'Open preview' }).click();
    const frame = page.frameLocator('iframe[title="Preview"]');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(draftTitle, {
      timeout: 30_000,
    });
    await expect(frame.getByRole('note', { name: 'Preview' })).toContainText(
      'Draft preview — teachers do not see this lesson until it is published.',
    );
    // The page in the frame is the app's, on its own origin.
    const src = await page.locator('iframe[title="Preview"]').getAttribute('src');
    expect(new URL(src!).origin).toBe(new URL(cms.appUrl).origin);
    expect(new URL(src!).pathname).toMatch(/^\/preview\/lesson\//);
    await page.screenshot({ path: testInfo.outputPath('admin-preview.png') });
  });
});

/**
 * The admin's own API as the super admin, for setting a test up: each call must succeed.
 * @returns the JSON answer of a call, and the header that signs calls in.
 */
async function superAdminApi(base: string) {
  const api = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${base}${path}`, init);
    expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);
    return response.json() as Promise<unknown>;
  };
  const login = (await api('/admin/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.school', password: 'Admin12345' }),
  })) as { data: { token: string } };
  return { api, auth: { Authorization: `Bearer ${login.data.token}` } };
}

/** The panel's notification saying `text` (a refusal is an alert, a success a status). */
function notice(page: Page, text: string): Locator {
  return page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: text }).first();
}

/** Adds an entry to the repeatable field labelled `label` (its last add button: nested fields come first). */
async function addEntry(page: Page, label: string) {
  const field = page.locator(
    `xpath=//label[starts-with(normalize-space(.), "${label}")]/ancestor::div[.//button[contains(., "Add an entry") or contains(., "No entry yet")]][1]`,
  );
  await field
    .getByRole('button', { name: /^(Add an entry|No entry yet)/ })
    .last()
    .click();
}

/** The field-level message: exactly the sentence, under a field (the notification says more). */
function fieldError(page: Page, message: string): Locator {
  return page.locator('main').getByText(message, { exact: true });
}

/** Adds a slide at the end (the panel opens it) with a title and a layout; returns its panel. */
async function addSlide(page: Page, index: number, title: string, template: string) {
  await addEntry(page, 'Slides (in order)');
  const titleInput = page.locator(`[name="activity_slides.${index}.title"]`);
  await titleInput.fill(title);
  const slide = page.getByRole('region').filter({ has: titleInput });
  await chooseLayout(slide, template);
  return slide;
}

const escaped = (text: string) => text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');

/** Picks a slide's layout from the list, which names each stored code in words. */
async function chooseLayout(slide: Locator, template: string) {
  await slide.getByRole('combobox', { name: 'Layout' }).click();
  await slide
    .page()
    .getByRole('option', { name: LAYOUT_NAMES[template] ?? template, exact: true })
    .click();
}

async function typeSlideText(slide: Locator, text: string) {
  await slide.locator('.CodeMirror').first().click();
  await slide.page().keyboard.type(text);
}

async function expectKept(
  page: Page,
  title: string,
  index: number,
  slideTitle: string,
  text: string,
) {
  await expect(page.locator('[name="title"]')).toHaveValue(title);
  const slideTitleInput = page.locator(`[name="activity_slides.${index}.title"]`);
  await expect(slideTitleInput).toHaveValue(slideTitle);
  const slide = page.getByRole('region').filter({ has: slideTitleInput });
  await expect(slide.getByRole('combobox', { name: 'Layout' })).toContainText(
    LAYOUT_NAMES.flipcards!,
  );
  await expect(slide.locator('.CodeMirror').first()).toContainText(text);
}

/**
 * Where a field-level message sits: the slide whose panel holds it and the label of the field
 * right above it.
 */
function fieldOf(error: Locator): Promise<{ slide: number | null; label: string | null }> {
  return error.evaluate((element) => {
    let label: string | null = null;
    let slide: number | null = null;
    for (let node = element.parentElement; node; node = node.parentElement) {
      if (label === null) {
        const own = node.querySelector('label');
        if (own) label = (own.textContent ?? '').replace(/\s*\(\d+\)$/, '').trim();
      }
      const titles = [...node.querySelectorAll('input[name^="activity_slides."]')]
        .map((input) => /^activity_slides\.(\d+)\.title$/.exec(input.getAttribute('name') ?? ''))
        .filter((match) => match !== null);
      if (titles.length > 0) {
        slide = titles.length === 1 ? Number(titles[0]![1]) : null;
        break;
      }
    }
    return { label, slide };
  });
}

/** A one-colour PNG of this size: wide enough to be over the app's limit, a few KB. */
function widePng(width: number, height: number): ArrayBuffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return new Uint8Array(png).buffer;
}
