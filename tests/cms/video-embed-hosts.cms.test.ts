// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { FOREIGN_VIDEO_ADDRESSES, PLAYABLE_VIDEO_LINKS } from '../support/video-url-corpus';
import { adminLogIn, collection, refusal } from './support/admin-api';
import { bootTestCms } from './support/test-cms';

// A video's Embed field takes links to the video sites the content model names (YouTube and
// Vimeo) and a Media Library film: an editor saving any other address is refused with a message
// naming the sites that work, on slides and pages alike.

const cms = bootTestCms('video-embed-hosts');
const SLIDESHOW = 'api::activity-slideshow.activity-slideshow';
const PROGRAMME = 'api::programme.programme';

let admin = '';
let programmeId = '';

beforeAll(async () => {
  admin = await adminLogIn(cms.rest);
  const programmes = await cms.rest(`${collection(PROGRAMME)}?filters[slug][$eq]=rhythm-makers`, admin);
  programmeId = (programmes.body as { results: { documentId: string }[] }).results[0]!.documentId;
});

const saveVideoSlide = (embed: string) =>
  cms.rest(collection(SLIDESHOW), admin, {
    body: { title: 'Embed hosts', activity_slides: [{ title: 'Watch', slide_template: 'video', videos: [{ title: 'Samba groove', embed }] }] },
  });
const saveProgrammeFilm = (embed: string) =>
  cms.rest(collection(PROGRAMME, programmeId), admin, { method: 'PUT', body: { media_embed: embed } });

describe('video Embed fields and the sites films play from', () => {
  it('saves a link of every shape to YouTube and Vimeo', async () => {
    for (const link of Object.keys(PLAYABLE_VIDEO_LINKS)) expect(refusal(await saveVideoSlide(link)), link).toBeNull();
    expect(refusal(await saveProgrammeFilm('https://youtu.be/dQw4w9WgXcQ'))).toBeNull();
  });

  it('refuses every address outside them, naming the sites that work', { timeout: 300_000 }, async () => {
    const accepted: string[] = [];
    const unclear: string[] = [];
    for (const address of FOREIGN_VIDEO_ADDRESSES) {
      const message = refusal(await saveVideoSlide(address));
      if (message === null) accepted.push(address);
      else if (!/^400 The video "Samba groove" cannot be shown: .*YouTube.*Vimeo/.test(message)) unclear.push(`${address}: ${message}`);
    }
    expect(accepted).toEqual([]);
    expect(unclear).toEqual([]);
    expect(FOREIGN_VIDEO_ADDRESSES.length).toBeGreaterThanOrEqual(100);
  });

  it("refuses another site on a page's film too, and the stored film stays", async () => {
    const refused = refusal(await saveProgrammeFilm('https://youtube.com@evil.example/watch?v=dQw4w9WgXcQ'));
    expect(refused).toMatch(/^400 The video cannot be shown: .*user name/);
    expect(refusal(await saveProgrammeFilm('https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ'))).toMatch(
      /films play from YouTube \(youtube.com, youtu.be\) or Vimeo \(vimeo.com\) only/,
    );
    const stored = await cms.rest(collection(PROGRAMME, programmeId), admin);
    expect((stored.body as { data: { media_embed: string } }).data.media_embed).toBe('https://youtu.be/dQw4w9WgXcQ');
  });
});
