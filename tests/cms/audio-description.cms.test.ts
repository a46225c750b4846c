// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { adminLogIn, collection, mediaIds, refusal } from './support/admin-api';
import { DEMO, bootTestCms } from './support/test-cms';

// WCAG 2.2, 1.2.5 Audio Description (Prerecorded): a video has an audio description track (a
// WebVTT file of kind "descriptions", one per language) and may have an audio-described version;
// both reach whoever may see the video over GraphQL, and a track that is not WebVTT or a described
// version that is not a video is refused when it would go live. The Samba lesson's seven films
// are seeded with English descriptions; the Music at Home film has a poster.

const cms = bootTestCms('audio-description');
const SLIDESHOW = 'api::activity-slideshow.activity-slideshow';

const VIDEO_FIELDS = /* GraphQL */ `
  title
  descriptions { language label file { url mime } }
  described_file { url }
`;
const SAMBA_FILMS = /* GraphQL */ `
  query SambaFilms {
    activitySlideshows(filters: { title: { containsi: "samba" } }, pagination: { limit: 50 }) {
      title
      activity_slides {
        videos { ${VIDEO_FIELDS} }
        secondary_video { ${VIDEO_FIELDS} }
      }
    }
  }
`;
interface Film {
  title: string;
  descriptions: { language: string; label: string; file: { url: string; mime: string } }[];
  described_file: { url: string } | null;
}
interface Slideshows {
  activitySlideshows: {
    title: string;
    activity_slides: { videos: Film[]; secondary_video: Film | null }[];
  }[];
}

let admin = '';
let files: { id: number; mime: string; url: string }[] = [];

beforeAll(async () => {
  admin = await adminLogIn(cms.rest);
  const { body } = await cms.rest('/upload/files?pageSize=200', admin);
  files = (
    Array.isArray(body) ? body : (body as { results: typeof files }).results
  ) as typeof files;
});

const fileOf = (mime: string) => files.find((file) => file.mime === mime)!.id;

describe('audio description in the content model', () => {
  it("gives a subscriber each Samba film's English descriptions track, a WebVTT file with timed cues", async () => {
    const token = await cms.logIn(DEMO.subscriber);
    const answer = await cms.graphql<Slideshows>(SAMBA_FILMS, token);
    expect(answer.errors).toBeUndefined();
    const films = answer.data!.activitySlideshows.flatMap((show) =>
      show.activity_slides.flatMap((slide) => [
        ...slide.videos,
        ...(slide.secondary_video ? [slide.secondary_video] : []),
      ]),
    );
    expect(films.map((film) => film.title).sort()).toEqual(
      [
        'Carnival parade',
        'Full band rehearsal',
        'Layering the groove',
        'Samba band close-up',
        'Samba band from above',
        'School samba band',
        'Whistle signals',
      ].sort(),
    );
    const urls = new Set<string>();
    for (const film of films) {
      expect(film.descriptions, film.title).toHaveLength(1);
      const [track] = film.descriptions;
      expect(track).toMatchObject({ language: 'en', file: { mime: 'text/vtt' } });
      urls.add(track!.file.url);
      const text = await (await fetch(`${cms.url}${track!.file.url}`)).text();
      expect(text.startsWith('WEBVTT'), film.title).toBe(true);
      // Timed inside the 3-second film the seed plays.
      const ends = [...text.matchAll(/--> 00:00:(\d\d\.\d{3})/g)].map((m) => Number(m[1]));
      expect(ends.length, film.title).toBeGreaterThanOrEqual(3);
      expect(Math.max(...ends), film.title).toBeLessThanOrEqual(3);
    }
    expect(urls.size, 'each film is described in its own words').toBe(7);
  });

  it('keeps the tracks from whoever may not see the slides (a trial teacher, a visitor)', async () => {
    const trial = await cms.logIn(DEMO.trial);
    for (const token of [trial, null]) {
      const answer = await cms.graphql<Slideshows>(SAMBA_FILMS, token);
      expect(answer.data?.activitySlideshows ?? null).toBeNull();
      expect(answer.errors?.length).toBeGreaterThan(0);
    }
  });

  it("gives everyone the Music at Home film's poster, an image", async () => {
    const answer = await cms.graphql<{
      programmes: { media_poster: { url: string; mime: string } | null }[];
    }>(
      '{ programmes(filters: { slug: { eq: "sound-explorers" } }) { media_poster { url mime } } }',
    );
    const poster = answer.data!.programmes[0]!.media_poster;
    expect(poster?.mime).toBe('image/png');
    expect((await fetch(`${cms.url}${poster!.url}`)).status).toBe(200);
  });
});

describe("a description track must be WebVTT, a film's file and described version videos, to publish", () => {
  const publish = (video: Record<string, unknown>) =>
    cms.rest(`${collection(SLIDESHOW)}/actions/publish`, admin, {
      body: {
        title: 'Described film slides',
        activity_slides: [{ title: 'Watch', slide_template: 'video', videos: [video] }],
      },
    });
  const refusedFields = (answer: { body: unknown }) =>
    (
      answer.body as { error: { details: { errors: { path: (string | number)[] }[] } } }
    ).error.details.errors.map((error) => error.path.join('.'));

  it('refuses a PDF as the descriptions track, naming the field; a .vtt file publishes', async () => {
    const media = await mediaIds(cms.rest, admin);
    const film = { title: 'Band film', file: media.video[0] };
    const refused = await publish({
      ...film,
      descriptions: [{ language: 'en', label: 'English', file: fileOf('application/pdf') }],
    });
    expect(refusal(refused)).toMatch(
      /^400 The video "Band film": the audio description file ".+" is not a WebVTT file\./,
    );
    expect(refusedFields(refused)).toEqual(['activity_slides.0.videos.0.descriptions.0.file']);

    const published = await publish({
      ...film,
      descriptions: [{ language: 'en', label: 'English', file: fileOf('text/vtt') }],
    });
    expect(refusal(published)).toBeNull();
  });

  it("refuses a PDF as the film's own file, naming the field", async () => {
    const refused = await publish({ title: 'Band film', file: fileOf('application/pdf') });
    expect(refusal(refused)).toMatch(
      /^400 The video "Band film": the file ".+" is not a video file\./,
    );
    expect(refusedFields(refused)).toEqual(['activity_slides.0.videos.0.file']);
  });

  it('refuses an image as the audio-described version', async () => {
    const media = await mediaIds(cms.rest, admin);
    const refused = await publish({
      title: 'Band film',
      file: media.video[0],
      described_file: media.image[0],
    });
    expect(refusal(refused)).toMatch(
      /^400 The video "Band film": the audio-described version ".+" is not a video file\./,
    );
    expect(refusedFields(refused)).toEqual(['activity_slides.0.videos.0.described_file']);
  });
});
