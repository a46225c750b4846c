// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { adminLogIn, collection, mediaIds, refusal } from './support/admin-api';
import { bootTestCms } from './support/test-cms';

// Fields say what they want and refuse what cannot work: a version that goes live (Publish in the
// admin panel, through its content-manager API) is refused, with the editor's words and the fields
// they concern, when lesson mode could not show it; complete content publishes. A draft Save keeps
// unfinished work (teachers see only published versions).

const cms = bootTestCms('editor-validation');
const SLIDESHOW = 'api::activity-slideshow.activity-slideshow';
const LESSON = 'api::lesson.lesson';
const ACTIVITY = 'api::activity-page.activity-page';

let admin = '';
let media: Awaited<ReturnType<typeof mediaIds>>;

beforeAll(async () => {
  admin = await adminLogIn(cms.rest);
  media = await mediaIds(cms.rest, admin);
  expect(media.image.length).toBeGreaterThan(1);
  expect(media.audio.length).toBeGreaterThan(0);
});

/** Publish, as the admin panel sends it: the form's data saved and published at once. */
const publish = (uid: string, data: Record<string, unknown>, documentId?: string) =>
  cms.rest(`${collection(uid, documentId)}/actions/publish`, admin, { body: data });
const saveSlideshow = (slides: Record<string, unknown>[]) =>
  publish(SLIDESHOW, { title: 'Editor check slides', activity_slides: slides });
/** The fields a refusal names, as the admin panel's form names them. */
const refusedFields = (answer: { body: unknown }) =>
  (
    answer.body as { error: { details: { errors: { path: (string | number)[] }[] } } }
  ).error.details.errors.map((error) => error.path.join('.'));

describe('slide templates refuse missing content', () => {
  it('an image slide without an image is refused; with one it saves', async () => {
    const refused = await saveSlideshow([
      { title: 'Meet the band', slide_template: 'image', slide_text: 'Look!' },
    ]);
    expect(refusal(refused)).toBe(
      '400 Slide 1 ("Meet the band"): An image slide needs an image (Main image).',
    );
    const saved = await saveSlideshow([
      { title: 'Meet the band', slide_template: 'image', main_image: media.image[0] },
    ]);
    expect(refusal(saved)).toBeNull();
  });

  it('flip cards without pictures, audio cards without audio and empty templates are named slide by slide', async () => {
    const refused = await saveSlideshow([
      {
        title: 'Loud or quiet',
        slide_template: 'flipcards',
        flipcards: [{ title: 'Drum', card_1: media.image[0] }],
      },
      {
        title: 'Which instrument',
        slide_template: 'audiocards',
        audiocards: [{ title: 'Trumpet', image: media.image[0] }],
      },
      { title: 'Listen', slide_template: 'audio' },
      {
        title: 'Compare',
        slide_template: 'two_videos',
        videos: [{ title: 'One', embed: 'https://youtu.be/dQw4w9WgXcQ' }],
      },
      { title: 'Choose', slide_template: 'sub_slide_buttons' },
      { title: 'Anything goes', slide_template: 'all' },
    ]);
    const message = refusal(refused);
    expect(message).toContain(
      'Slide 1 ("Loud or quiet"): Flip card 1 ("Drum") needs a picture on both sides (Card 1 and Card 2).',
    );
    expect(message).toContain(
      'Slide 2 ("Which instrument"): Audio card 1 ("Trumpet") needs a picture and an audio file.',
    );
    expect(message).toContain('Slide 3 ("Listen"): An audio slide needs an audio file (Audio).');
    expect(message).toContain(
      'Slide 4 ("Compare"): A two-video slide needs two videos under Videos.',
    );
    expect(message).toContain(
      'Slide 5 ("Choose"): An instrument-options slide needs at least one instrument option (Sub-slideshows).',
    );
    expect(message).not.toContain('Slide 6');
    expect(refusedFields(refused)).toEqual([
      'activity_slides.0.flipcards.0.card_2',
      'activity_slides.1.audiocards.0.audio',
      'activity_slides.2.audio',
      'activity_slides.3.videos',
      'activity_slides.4.sub_slides2',
    ]);

    const saved = await saveSlideshow([
      {
        title: 'Loud or quiet',
        slide_template: 'flipcards',
        flipcards: [{ title: 'Drum', card_1: media.image[0], card_2: media.image[1] }],
      },
      {
        title: 'Which instrument',
        slide_template: 'audiocards',
        audiocards: [{ title: 'Trumpet', image: media.image[0], audio: media.audio[0] }],
      },
    ]);
    expect(refusal(saved)).toBeNull();
  });

  it('an edit that empties a seeded slide is refused and the slide keeps its image', async () => {
    const list = await cms.rest(
      `${collection(SLIDESHOW)}?filters[title][$eq]=Hello Song slides`,
      admin,
    );
    const { documentId } = (list.body as { results: { documentId: string }[] }).results[0]!;
    const before = await cms.rest(collection(SLIDESHOW, documentId), admin);
    const slides = (before.body as { data: { activity_slides: Record<string, unknown>[] } }).data
      .activity_slides;
    expect(slides[0]).toMatchObject({ slide_template: 'image' });
    const emptied = slides.map((slide, index) =>
      index === 0 ? { ...slide, main_image: null } : slide,
    );
    const refused = await publish(SLIDESHOW, { activity_slides: emptied }, documentId);
    expect(refusal(refused)).toMatch(
      /^400 Slide 1 \("Welcome to the Hello Song"\): An image slide needs an image/,
    );
    expect(refusedFields(refused)).toEqual(['activity_slides.0.main_image']);

    // The refusal rolled the write back: the stored slide still has its picture.
    const after = await cms.rest(collection(SLIDESHOW, documentId), admin);
    expect(
      (after.body as { data: { activity_slides: { main_image: unknown }[] } }).data
        .activity_slides[0]!.main_image,
    ).not.toBeNull();
  });

  it('a draft Save keeps an unfinished slide; Publish is refused until it is complete', async () => {
    const unfinished = [{ title: 'Loud or quiet', slide_template: 'flipcards', slide_text: 'Hi' }];
    const draft = await cms.rest(collection(SLIDESHOW), admin, {
      body: { title: 'Editor check draft', activity_slides: unfinished },
    });
    expect(refusal(draft)).toBeNull();
    const { documentId } = (draft.body as { data: { documentId: string } }).data;
    const refused = await publish(SLIDESHOW, {}, documentId);
    expect(refusal(refused)).toBe(
      '400 Slide 1 ("Loud or quiet"): A flip-card slide needs at least one flip card.',
    );
    expect(refusedFields(refused)).toEqual(['activity_slides.0.flipcards']);
    const stored = await cms.rest(collection(SLIDESHOW, documentId), admin);
    expect(stored.body).toMatchObject({
      data: { publishedAt: null, activity_slides: [{ slide_text: 'Hi', flipcards: [] }] },
      meta: { availableStatus: [] },
    });

    const complete = await publish(
      SLIDESHOW,
      {
        activity_slides: [
          {
            ...unfinished[0],
            flipcards: [{ title: 'Drum', card_1: media.image[0], card_2: media.image[1] }],
          },
        ],
      },
      documentId,
    );
    expect(refusal(complete)).toBeNull();
  });
});

describe('video Embed fields take links and refuse what cannot play', () => {
  const videoSlide = (embed: string) => [
    { title: 'Watch', slide_template: 'video', videos: [{ title: 'Samba groove', embed }] },
  ];
  /** The address of a film the Media Library holds. */
  const libraryFilm = async () => {
    const { body } = await cms.rest(`/upload/files/${media.video[0]}`, admin);
    return (body as { url: string }).url;
  };

  it('a YouTube link, a Vimeo link and a Media Library path save', async () => {
    for (const embed of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://vimeo.com/76979871',
      await libraryFilm(),
    ]) {
      expect(refusal(await saveSlideshow(videoSlide(embed))), embed).toBeNull();
    }
  });

  it("a film's full CMS address (the Media Library's 'Copy link') is kept as its /uploads path", async () => {
    const film = await libraryFilm();
    const saved = await saveSlideshow(videoSlide(`${cms.url}${film}`));
    expect(refusal(saved)).toBeNull();
    const { documentId } = (saved.body as { data: { documentId: string } }).data;
    const stored = await cms.rest(collection(SLIDESHOW, documentId), admin);
    expect(
      (stored.body as { data: { activity_slides: { videos: { embed: string }[] }[] } }).data
        .activity_slides[0]!.videos[0]!.embed,
    ).toBe(film);
  });

  it('text that is no video address is refused with what to paste instead, on slides and pages alike', async () => {
    const refused = await saveSlideshow(videoSlide('the samba film from last term'));
    expect(refusedFields(refused)).toEqual(['activity_slides.0.videos.0.embed']);
    expect(refusal(refused)).toBe(
      '400 The video "Samba groove" cannot be shown: The text is not a single link (embed code cannot be used). ' +
        "Paste a YouTube or Vimeo link, or upload the film to the Media Library and choose it under 'File' (or paste its /uploads/… address).",
    );
    const programmes = await cms.rest(
      `${collection('api::programme.programme')}?filters[slug][$eq]=rhythm-makers`,
      admin,
    );
    const { documentId } = (programmes.body as { results: { documentId: string }[] }).results[0]!;
    const page = await publish(
      'api::programme.programme',
      { media_embed: 'https://cdn.example/film.mp4' },
      documentId,
    );
    expect(refusedFields(page)).toEqual(['media_embed']);
    expect(refusal(page)).toMatch(
      /^400 The video cannot be shown: "https:\/\/cdn.example\/film.mp4" is a video file on another website/,
    );
  });
});

describe('lessons and the activities they use', () => {
  async function activityIds(): Promise<string[]> {
    const list = await cms.rest(`${collection(ACTIVITY)}?pageSize=100`, admin);
    return (list.body as { results: { documentId: string }[] }).results.map(
      (activity) => activity.documentId,
    );
  }

  it('a lesson row without an activity is refused unless it is a section divider', async () => {
    const [activity] = await activityIds();
    const refused = await publish(LESSON, {
      title: 'Editor check lesson',
      activity: [
        { title: 'Warm up', section_divider: true },
        { title: 'Echo clapping', section_divider: false },
      ],
    });
    expect(refusal(refused)).toBe(
      '400 Activity row 2 ("Echo clapping") needs an activity, or set \'Section divider\' to TRUE to make it a heading.',
    );
    expect(refusedFields(refused)).toEqual(['activity.1.activity']);
    const saved = await cms.rest(`${collection(LESSON)}/actions/publish`, admin, {
      body: {
        title: 'Editor check lesson',
        activity: [
          { title: 'Warm up', section_divider: true },
          {
            title: 'Echo clapping',
            section_divider: false,
            activity: { connect: [{ documentId: activity }] },
          },
        ],
      },
    });
    expect(refusal(saved)).toBeNull();
  });

  it('deleting an activity a lesson still uses is refused with the lesson named; an unused one deletes', async () => {
    const used = await cms.rest(
      `${collection(LESSON)}?filters[title][$eq]=Lesson 4: Samba carnival`,
      admin,
    );
    expect((used.body as { results: unknown[] }).results).toHaveLength(1);
    const samba = await cms.rest(
      `${collection(ACTIVITY)}?filters[title][$eq]=Samba Call and Response`,
      admin,
    );
    const { documentId } = (samba.body as { results: { documentId: string }[] }).results[0]!;
    const refused = await cms.rest(collection(ACTIVITY, documentId), admin, { method: 'DELETE' });
    expect(refusal(refused)).toBe(
      '400 This activity is still used by the lesson "Lesson 4: Samba carnival". Remove it from that lesson first, then delete it.',
    );
    expect((await cms.rest(collection(ACTIVITY, documentId), admin)).status).toBe(200);

    const spare = await cms.rest(collection(ACTIVITY), admin, {
      body: { title: 'Editor check spare activity', slug: 'editor-check-spare' },
    });
    expect(refusal(spare)).toBeNull();
    const spareId = (spare.body as { data: { documentId: string } }).data.documentId;
    expect(
      refusal(await cms.rest(collection(ACTIVITY, spareId), admin, { method: 'DELETE' })),
    ).toBeNull();
  });
});
