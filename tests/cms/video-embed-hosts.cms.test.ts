// @vitest-environment node
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { FOREIGN_VIDEO_ADDRESSES, PLAYABLE_VIDEO_LINKS } from '../support/video-url-corpus';
import { adminLogIn, collection, refusal } from './support/admin-api';
import { bootTestCms } from './support/test-cms';

// A video's Embed field takes links to the video sites the content model names (YouTube and
// Vimeo) and a Media Library film: an editor publishing any other address is refused with a
// message naming the sites that work, on slides and pages alike (a draft may hold it unpublished).
//
// Each corpus is checked whole by the CMS's own check (cms/src/bootstrap/editor-checks), in this
// process and against the running CMS's Media Library; a sample of it goes through the running
// CMS as an editor's Publish, which proves the check is the one every write meets. Publishing the
// whole corpora took 80 s of a loaded 2-core machine for about 170 refusals.

const cms = bootTestCms('video-embed-hosts');
const SLIDESHOW = 'api::activity-slideshow.activity-slideshow';
const PROGRAMME = 'api::programme.programme';

let admin = '';
let programmeId = '';

const cmsRequire = createRequire(new URL('../../cms/package.json', import.meta.url));
const { embedProblems } = cmsRequire('./src/bootstrap/editor-checks/video-embeds.js') as {
  embedProblems: (data: unknown, strapi: unknown) => Promise<{ message: string }[]>;
};

type LibraryFile = { url: string; mime: string };

/** The running CMS's Media Library, by address: what the check's lookup finds there. */
async function mediaLibrary(): Promise<LibraryFile[]> {
  const { body } = await cms.rest('/upload/files?pageSize=200', admin);
  return (Array.isArray(body) ? body : (body as { results: unknown[] }).results) as LibraryFile[];
}

/**
 * The CMS's check on a video slide holding `embed`, run here with the Media Library's files: the
 * message a Publish would be refused with (as the admin panel shows it, after the status), or null.
 */
async function checkedHere(embed: string, files: LibraryFile[]) {
  const strapi = {
    db: {
      query: () => ({
        findOne: async ({ where }: { where: { url: string } }) =>
          files.find((file) => file.url === where.url) ?? null,
      }),
    },
  };
  const problems = await embedProblems(
    { activity_slides: [{ title: 'Watch', videos: [{ title: 'Samba groove', embed }] }] },
    strapi,
  );
  return problems.length > 0
    ? `400 ${[...new Set(problems.map((p) => p.message))].join(' ')}`
    : null;
}

/**
 * Sorts the answers to a corpus: an address accepted, or refused without the expected message
 * (`expected`), is kept with where it was tried, for the test to show.
 */
function refusalJudge(expected: RegExp) {
  const accepted: string[] = [];
  const unclear: string[] = [];
  const judge = (where: string, embed: string, message: string | null) => {
    if (message === null) accepted.push(`${where}: ${embed}`);
    else if (!expected.test(message)) unclear.push(`${where}: ${embed}: ${message}`);
  };
  return { accepted, unclear, judge };
}

/** Every `step`th entry of a corpus, its first and last included: what is sent to the CMS itself. */
const sampleOf = <T>(corpus: readonly T[], step: number) =>
  corpus.filter((_, index) => index % step === 0 || index === corpus.length - 1);

beforeAll(async () => {
  admin = await adminLogIn(cms.rest);
  const programmes = await cms.rest(
    `${collection(PROGRAMME)}?filters[slug][$eq]=rhythm-makers`,
    admin,
  );
  programmeId = (programmes.body as { results: { documentId: string }[] }).results[0]!.documentId;
});

// Publish as the admin panel sends it: the form's data saved and published at once.
const saveVideoSlide = (embed: string) =>
  cms.rest(`${collection(SLIDESHOW)}/actions/publish`, admin, {
    body: {
      title: 'Embed hosts',
      activity_slides: [
        { title: 'Watch', slide_template: 'video', videos: [{ title: 'Samba groove', embed }] },
      ],
    },
  });
const saveProgrammeFilm = (embed: string) =>
  cms.rest(`${collection(PROGRAMME, programmeId)}/actions/publish`, admin, {
    body: { media_embed: embed },
  });

describe('video Embed fields and the sites films play from', () => {
  it('saves a link of every shape to YouTube and Vimeo', async () => {
    const files = await mediaLibrary();
    const links = Object.keys(PLAYABLE_VIDEO_LINKS);
    for (const link of links) expect(await checkedHere(link, files), link).toBeNull();
    for (const link of sampleOf(links, 4))
      expect(refusal(await saveVideoSlide(link)), link).toBeNull();
    expect(refusal(await saveProgrammeFilm('https://youtu.be/dQw4w9WgXcQ'))).toBeNull();
  });

  it(
    'refuses every address outside them, naming the sites that work',
    { timeout: 300_000 },
    async () => {
      const files = await mediaLibrary();
      const { accepted, unclear, judge } = refusalJudge(
        /^400 The video "Samba groove" cannot be shown: .*YouTube.*Vimeo/,
      );
      for (const address of FOREIGN_VIDEO_ADDRESSES)
        judge('check', address, await checkedHere(address, files));
      for (const address of sampleOf(FOREIGN_VIDEO_ADDRESSES, 10))
        judge('publish', address, refusal(await saveVideoSlide(address)));
      expect(accepted).toEqual([]);
      expect(unclear).toEqual([]);
      expect(FOREIGN_VIDEO_ADDRESSES.length).toBeGreaterThanOrEqual(100);
    },
  );

  it("refuses another site on a page's film too, and the stored film stays", async () => {
    const refused = refusal(
      await saveProgrammeFilm('https://youtube.com@evil.example/watch?v=dQw4w9WgXcQ'),
    );
    expect(refused).toMatch(/^400 The video cannot be shown: .*user name/);
    expect(
      refusal(await saveProgrammeFilm('https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ')),
    ).toMatch(/films play from YouTube \(youtube.com, youtu.be\) or Vimeo \(vimeo.com\) only/);
    const stored = await cms.rest(collection(PROGRAMME, programmeId), admin);
    expect((stored.body as { data: { media_embed: string } }).data.media_embed).toBe(
      'https://youtu.be/dQw4w9WgXcQ',
    );
  });
});

describe('video Embed fields and the Media Library', () => {
  /** The library's /uploads addresses: its videos, and its files of every other kind. */
  function libraryUrls(files: LibraryFile[]) {
    const of = (kind: string) =>
      files
        .filter((file) => file.mime.startsWith(`${kind}/`) && file.url.startsWith('/uploads/'))
        .map((file) => file.url);
    return {
      video: of('video'),
      other: [...of('audio'), ...of('image'), ...of('application'), ...of('text')],
    };
  }

  /** /uploads addresses that are not a video in the library, built around a real film's address. */
  function notLibraryVideos(film: string, others: string[]) {
    const name = film.slice('/uploads/'.length);
    const paths = [
      '/uploads/x.mp4',
      `/uploads/missing-${Date.now()}.webm`,
      `/uploads/${name}.mp4`,
      `/uploads/sub/${name}`,
      '/uploads/../../evil',
      '/uploads/../../evil.mp4',
      `/uploads/../uploads/${name}`,
      `/uploads/./${name}`,
      `/uploads/x/../${name}`,
      '/uploads//evil.example/x.mp4',
      `/uploads//${name}`,
      `/uploads/${name}/`,
      '/uploads/%2e%2e/evil.mp4',
      '/uploads/%2E%2E%2Fevil.mp4',
      '/uploads/..%2fevil.mp4',
      '/uploads/%2f%2fevil.example%2fx.mp4',
      '/uploads/..%5cevil.mp4',
      '/uploads/..\\evil.mp4',
      `/uploads/${name}%00.mp4`,
      ...others.slice(0, 4),
    ];
    return [
      ...paths,
      ...paths.map((path) => JSON.stringify({ url: path, provider: 'upload' })),
      ...paths.slice(0, 6).map((path) => `http://127.0.0.1:1337${path}`),
      'http://127.0.0.1:1337/uploads//evil.example/x.mp4',
      JSON.stringify({ url: '/uploads/x.mp4', provider: 'youtube' }),
      JSON.stringify({ url: film, provider: 'youtube' }),
      JSON.stringify({ url: film, provider: 'vimeo' }),
      JSON.stringify({ url: `http://127.0.0.1:1337${film}`, provider: 'external' }),
    ];
  }

  it('saves a film the Media Library holds, by its address, its full address or the JSON text', async () => {
    const { video } = libraryUrls(await mediaLibrary());
    expect(video.length).toBeGreaterThan(0);
    for (const embed of [
      video[0]!,
      `http://127.0.0.1:1337${video[0]}`,
      JSON.stringify({ url: video[0], provider: 'upload', title: 'Demo' }),
    ]) {
      expect(refusal(await saveVideoSlide(embed)), embed).toBeNull();
    }
  });

  it(
    'refuses every /uploads address that is not exactly a video in the Media Library',
    { timeout: 300_000 },
    async () => {
      const files = await mediaLibrary();
      const { video, other } = libraryUrls(files);
      const corpus = notLibraryVideos(video[0]!, other);
      const { accepted, unclear, judge } = refusalJudge(
        /^400 The video "Samba groove" cannot be shown: .*Media Library/,
      );
      for (const embed of corpus) judge('check', embed, await checkedHere(embed, files));
      for (const embed of sampleOf(corpus, 6))
        judge('slide', embed, refusal(await saveVideoSlide(embed)));
      for (const embed of sampleOf(corpus, 10)) {
        if (refusal(await saveProgrammeFilm(embed)) === null) accepted.push(`page: ${embed}`);
      }
      console.info(
        `/uploads addresses that are not a library video: tried ${corpus.length}, accepted wrongly ${accepted.length}`,
      );
      expect(accepted).toEqual([]);
      expect(unclear).toEqual([]);
    },
  );
});
