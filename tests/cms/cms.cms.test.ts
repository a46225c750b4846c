// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LEARNING_RESOURCES_HOME } from '../../src/features/home/api/learning-resources-home';
import { AUDIENCES_AND_PROGRAMMES } from '../../src/features/shell/api/audiences-and-programmes';
import { DEMO, bootTestCms } from './support/test-cms';

// The real CMS on a fresh database and upload folder, so the seed runs exactly as on a first boot;
// the shell's and the home page's queries are the app's own documents.

const SLIDE_TEMPLATES = [
  'image',
  'audio',
  'video',
  'two_videos',
  'audio_and_image',
  'flipcards',
  'audiocards',
  'two_columns',
  'sub_slide_buttons',
  'all',
  'video_audio_instruments',
];

const tokens: Record<string, string> = {};

// A copy of the run's seeded template, which is itself a first boot with the same options
// (scripts/cms-seed-template.mjs): these tests check what the seed wrote.
const cms = bootTestCms('cms');
const { graphql, logIn } = cms;

describe('the seeded CMS', () => {
  it('answers the shell query AudiencesAndProgrammes with the seeded data, to visitors', async () => {
    interface Link {
      title: string;
      slug: string;
      released?: boolean;
    }
    interface Result {
      audiences: {
        title: string;
        slug: string;
        featurebox: {
          title: string;
          is_preview: boolean;
          programmelink: Record<string, Link | null> | null;
        }[];
      }[];
      schemes: { documentId: string; title: string }[];
      liveProgrammes: Link[];
      liveProductions: Link[];
      projects: (Link & { audience: { slug: string } | null })[];
      landingPages: (Link & { audience: { slug: string } | null })[];
      programmes: (Link & {
        released: boolean;
        theme: { css: { background: string; color: string } } | null;
        audience: { slug: string } | null;
      })[];
    }
    const { data, errors } = await graphql<Result>(AUDIENCES_AND_PROGRAMMES);
    expect(errors).toBeUndefined();
    expect(data).not.toBeNull();
    const result = data as Result;

    expect(result.audiences.map((audience) => audience.slug)).toEqual([
      'primary',
      'secondary',
      'send',
      'live',
    ]);
    const boxes = result.audiences.flatMap((audience) => audience.featurebox);
    expect(boxes.some((box) => box.is_preview)).toBe(true);
    const links = boxes.map((box) => box.programmelink ?? {});
    for (const kind of ['landing_page', 'programme', 'project', 'live_programme']) {
      const linked = links.map((link) => link[kind]).filter(Boolean) as Link[];
      expect(linked.length, `feature boxes linking a ${kind}`).toBeGreaterThan(0);
      for (const target of linked) {
        expect(target.title).toBeTruthy();
        expect(target.slug).toBeTruthy();
      }
    }
    expect(links.some((link) => link.programme && link.programme.released === false)).toBe(true);

    expect(result.schemes.length).toBeGreaterThanOrEqual(6);
    expect(result.schemes.every((scheme) => scheme.documentId && scheme.title)).toBe(true);
    expect(result.liveProgrammes.map((live) => live.slug)).toContain('orchestra-live');
    expect(result.liveProductions.map((live) => live.slug)).toEqual(
      expect.arrayContaining(['the-firebird', 'peter-and-the-wolf']),
    );
    expect(result.projects).toContainEqual(
      expect.objectContaining({ slug: 'sound-of-the-city', audience: { slug: 'secondary' } }),
    );
    expect(result.landingPages.map((page) => page.slug)).toEqual(
      expect.arrayContaining(['ks-3', 'ks4', 'KS5']),
    );
    expect(result.landingPages.every((page) => page.audience?.slug === 'secondary')).toBe(true);

    const released = result.programmes.filter((programme) => programme.released);
    expect(released.length).toBeGreaterThanOrEqual(3);
    for (const programme of released) {
      expect(programme.theme?.css.background).toMatch(/^#/);
      expect(programme.theme?.css.color).toMatch(/^#/);
      expect(programme.audience?.slug).toBeTruthy();
    }
  });

  it('answers learningResourcesHome with title, introduction, audiences and promo boxes', async () => {
    interface Result {
      learningResourcesHome: {
        title: string;
        introduction: string;
        audiences: { slug: string; title: string }[];
        promoboxes: { title: string; link_label: string | null; link_url: string | null }[];
      };
    }
    const { data, errors } = await graphql<Result>(LEARNING_RESOURCES_HOME);
    expect(errors).toBeUndefined();
    const home = (data as Result).learningResourcesHome;
    expect(home.title).toBe('Music Classroom');
    // Rich text is stored as Markdown: paragraphs are blank lines, not <p> tags that an editor
    // would see as raw markup in the admin's Markdown editor (REST keeps it). GraphQL answers the
    // HTML the app shows.
    const stored = (await (await fetch(`${cms.url}/api/learning-resources-home`)).json()) as {
      data: { introduction: string };
    };
    expect(stored.data.introduction).toMatch(/\.\n\nChoose your area to get started\.$/);
    expect(stored.data.introduction).not.toMatch(/<\/?p>/);
    expect(home.introduction).toMatch(/\.<\/p>\n<p>Choose your area to get started\.<\/p>$/);
    expect(home.audiences.map((audience) => audience.slug)).toEqual([
      'primary',
      'secondary',
      'send',
      'live',
    ]);
    expect(home.promoboxes.length).toBeGreaterThanOrEqual(2);
    expect(home.promoboxes.some((box) => !box.link_url)).toBe(true);
  });

  it('logs in each demo account and reports its role: subscribers active, the trial user not', async () => {
    for (const email of Object.values(DEMO)) tokens[email] = await logIn(email);
    const roleOf = async (email: string) => {
      const response = await fetch(`${cms.url}/api/users/me?populate=role`, {
        headers: { Authorization: `Bearer ${tokens[email]}` },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { role: { type: string } }).role.type;
    };
    expect(await roleOf(DEMO.subscriber)).toBe('active_subscriber');
    expect(await roleOf(DEMO.subscriber2)).toBe('active_subscriber');
    expect(await roleOf(DEMO.trial)).not.toBe('active_subscriber');
  });

  it('returns the profile through me { user_profile }', async () => {
    interface Result {
      me: {
        role: { type: string };
        user_profile: { salutation: string; first_name: string; last_name: string; school: string };
      };
    }
    const { data, errors } = await graphql<Result>(
      'query UserRoleMembership { me { role { type } user_profile { salutation first_name last_name school } } }',
      tokens[DEMO.subscriber],
    );
    expect(errors).toBeUndefined();
    expect((data as Result).me.user_profile).toEqual({
      salutation: 'Ms',
      first_name: 'Ada',
      last_name: 'Lovelace',
      school: 'Hillside Primary',
    });
  });

  it('redirects /documents/:id to an upload that exists', async () => {
    // The media library is not listed: take a PDF an open page holds.
    const projects = (await (
      await fetch(`${cms.url}/api/projects?populate[documents][populate][file]=true`)
    ).json()) as {
      data: { documents: { file: { id: number; name: string; url: string } | null }[] }[];
    };
    const files = projects.data.flatMap((project) =>
      project.documents.flatMap((document) => (document.file ? [document.file] : [])),
    );
    const pdf = files.find((file) => file.name.endsWith('.pdf'));
    expect(pdf).toBeDefined();
    const redirect = await fetch(`${cms.url}/documents/${pdf?.id}`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location') ?? '';
    expect(location).toBe(pdf?.url);
    const file = await fetch(new URL(location, cms.url));
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(500);

    const missing = await fetch(`${cms.url}/documents/987654`, { redirect: 'manual' });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { status: number } }).error.status).toBe(404);
  });

  it('keeps lessons for active subscribers: forbidden to the trial user, open to the subscriber', async () => {
    const query =
      'query Lessons { lessons { documentId title activity { section_divider title } } }';
    const trial = await graphql<{ lessons: unknown[] }>(query, tokens[DEMO.trial]);
    expect(trial.data?.lessons ?? null).toBeNull();
    expect(trial.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const visitor = await graphql<{ lessons: unknown[] }>(query);
    expect(visitor.data?.lessons ?? null).toBeNull();

    const subscriber = await graphql<{
      lessons: { title: string; activity: { section_divider: boolean }[] }[];
    }>(query, tokens[DEMO.subscriber]);
    expect(subscriber.errors).toBeUndefined();
    expect(subscriber.data?.lessons.length).toBeGreaterThanOrEqual(18);
    expect(
      subscriber.data?.lessons.some((lesson) =>
        lesson.activity.some((entry) => entry.section_divider),
      ),
    ).toBe(true);
  });

  it('lists units to everyone but gives their contents only to subscribers', async () => {
    const query = 'query Units { schemes { title introduction lessons { title } } }';
    type Result = {
      schemes: { title: string; introduction: string | null; lessons: { title: string }[] }[];
    };
    const trial = await graphql<Result>(query, tokens[DEMO.trial]);
    expect(trial.errors).toBeUndefined();
    expect(
      trial.data?.schemes.every(
        (scheme) => scheme.title && scheme.introduction === null && scheme.lessons.length === 0,
      ),
    ).toBe(true);
    const subscriber = await graphql<Result>(query, tokens[DEMO.subscriber]);
    expect(
      subscriber.data?.schemes.every((scheme) => scheme.introduction && scheme.lessons.length >= 3),
    ).toBe(true);
  });

  it('seeds slides with every slide template, including sub-slideshows', async () => {
    type Result = {
      activitySlideshows: {
        title: string;
        activity_slides: {
          slide_template: string;
          sub_slides2: { activity_slideshow: { documentId: string; title: string } | null }[];
        }[];
      }[];
    };
    const { data, errors } = await graphql<Result>(
      'query Slides { activitySlideshows(pagination: { limit: 100 }) { title activity_slides { slide_template sub_slides2 { title activity_slideshow { documentId title } } } } }',
      tokens[DEMO.subscriber],
    );
    expect(errors).toBeUndefined();
    const slides = (data as Result).activitySlideshows.flatMap((show) => show.activity_slides);
    const used = new Set(slides.map((slide) => slide.slide_template));
    for (const template of SLIDE_TEMPLATES)
      expect(used.has(template), `slide template ${template}`).toBe(true);
    const subSlides = slides.flatMap((slide) => slide.sub_slides2);
    expect(subSlides.length).toBeGreaterThan(0);
    expect(subSlides.every((entry) => entry.activity_slideshow?.documentId)).toBe(true);
    const counts = (data as Result).activitySlideshows.map((show) => show.activity_slides.length);
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(12);

    const trial = await graphql<Result>(
      'query Slides { activitySlideshows { title } }',
      tokens[DEMO.trial],
    );
    expect(trial.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
  it('keeps playlists to their owner and makes a replayed create return the first playlist', async () => {
    const list = 'query Playlists { playlists { documentId title client_id owner { username } } }';
    type Result = {
      playlists: {
        documentId: string;
        title: string;
        client_id: string | null;
        owner: { username: string } | null;
      }[];
    };
    const mine = await graphql<Result>(list, tokens[DEMO.subscriber]);
    expect(mine.errors).toBeUndefined();
    // The subscriber owns two seeded playlists (README, "Demo content"), and sees only their own.
    expect(new Set(mine.data?.playlists.map((playlist) => playlist.owner?.username))).toEqual(
      new Set([DEMO.subscriber]),
    );
    const seeded = mine.data?.playlists[0];
    expect((await graphql<Result>(list, tokens[DEMO.subscriber2])).data?.playlists).toEqual([]);

    const create = `mutation CreatePlaylist($data: PlaylistInput!) { createPlaylist(data: $data) { documentId title owner { username } } }`;
    const data = { title: 'Replayed', client_id: `test-${Date.now()}`, playlist_item: [] };
    type Created = { createPlaylist: { documentId: string; owner: { username: string } } };
    const first = await graphql<Created>(create, tokens[DEMO.subscriber2], { data });
    const replay = await graphql<Created>(create, tokens[DEMO.subscriber2], { data });
    expect(first.errors).toBeUndefined();
    expect(replay.data?.createPlaylist.documentId).toBe(first.data?.createPlaylist.documentId);
    expect(first.data?.createPlaylist.owner.username).toBe(DEMO.subscriber2);

    const hijack = await graphql<unknown>(
      'mutation Hijack($id: ID!) { updatePlaylist(documentId: $id, data: { title: "Not yours" }) { title } }',
      tokens[DEMO.subscriber2],
      { id: seeded?.documentId },
    );
    expect(hijack.errors?.length).toBeGreaterThan(0);
    const after = await graphql<Result>(list, tokens[DEMO.subscriber]);
    expect(
      after.data?.playlists.find((playlist) => playlist.documentId === seeded?.documentId)?.title,
    ).toBe(seeded?.title);
  });

  it("refuses another subscriber every way into a teacher's playlists, over GraphQL and REST", async () => {
    const intruder = tokens[DEMO.subscriber2] ?? (await logIn(DEMO.subscriber2));
    const owner = tokens[DEMO.subscriber] ?? (await logIn(DEMO.subscriber));
    const list = 'query Playlists { playlists { documentId title } }';
    const owned = await graphql<{ playlists: { documentId: string; title: string }[] }>(
      list,
      owner,
    );
    const target = owned.data!.playlists[0]!;

    const readOne = await graphql<{ playlist: unknown }>(
      'query Playlist($id: ID!) { playlist(documentId: $id) { title } }',
      intruder,
      { id: target.documentId },
    );
    expect(readOne.data?.playlist ?? null).toBeNull();

    const remove = await graphql<unknown>(
      'mutation DeletePlaylist($id: ID!) { deletePlaylist(documentId: $id) { documentId } }',
      intruder,
      { id: target.documentId },
    );
    expect(remove.errors?.length).toBeGreaterThan(0);

    // A create that names someone else as owner is still owned by whoever sends it.
    const me = await fetch(`${cms.url}/api/users/me`, {
      headers: { Authorization: `Bearer ${owner}` },
    });
    const ownerId = ((await me.json()) as { id: number }).id;
    const planted = await graphql<{
      createPlaylist: { documentId: string; owner: { username: string } };
    }>(
      'mutation CreatePlaylist($data: PlaylistInput!) { createPlaylist(data: $data) { documentId owner { username } } }',
      intruder,
      {
        data: {
          title: 'Planted',
          client_id: `planted-${Date.now()}`,
          owner: String(ownerId),
          playlist_item: [],
        },
      },
    );
    expect(planted.errors ? 'refused' : planted.data?.createPlaylist.owner.username).toMatch(
      /^(refused|subscriber2@demo\.school)$/,
    );

    const rest = (path: string, init: RequestInit = {}) =>
      fetch(`${cms.url}/api/playlists${path}`, {
        ...init,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${intruder}` },
      });
    const restList = (await (await rest('')).json()) as { data: { documentId: string }[] };
    expect(restList.data.map((playlist) => playlist.documentId)).not.toContain(target.documentId);
    expect((await rest(`/${target.documentId}`)).status).toBe(404);
    const restUpdate = await rest(`/${target.documentId}`, {
      method: 'PUT',
      body: JSON.stringify({ data: { title: 'Mine now' } }),
    });
    expect([403, 404]).toContain(restUpdate.status);
    expect([403, 404]).toContain(
      (await rest(`/${target.documentId}`, { method: 'DELETE' })).status,
    );
    const visitor = await fetch(`${cms.url}/api/playlists`);
    expect([401, 403]).toContain(visitor.status);

    const after = await graphql<{ playlists: { documentId: string; title: string }[] }>(
      list,
      owner,
    );
    expect(
      after.data?.playlists.find((playlist) => playlist.documentId === target.documentId)?.title,
    ).toBe(target.title);
  });

  it('keeps custom units to their owner: another subscriber cannot list, read or delete them, over GraphQL and REST', async () => {
    const owner = tokens[DEMO.subscriber] ?? (await logIn(DEMO.subscriber));
    const intruder = tokens[DEMO.subscriber2] ?? (await logIn(DEMO.subscriber2));
    const builder = await graphql<{
      customSchemeBuilders: {
        audience: { documentId: string };
        programme: { documentId: string };
        learning_strands: { documentId: string }[];
      }[];
    }>(
      '{ customSchemeBuilders { audience { documentId } programme { documentId } learning_strands { documentId } } }',
    );
    const {
      audience,
      programme,
      learning_strands: strands,
    } = builder.data!.customSchemeBuilders[0]!;
    const created = await graphql<{
      createCustomScheme: { documentId: string; owner: { username: string } | null };
    }>(
      'mutation Create($data: CustomSchemeInput!) { createCustomScheme(data: $data) { documentId } }',
      owner,
      {
        data: {
          title: 'Owner unit',
          learning_strands: strands.slice(0, 4).map((strand) => strand.documentId),
          audience: audience.documentId,
          programme: programme.documentId,
        },
      },
    );
    expect(created.errors).toBeUndefined();
    const id = created.data!.createCustomScheme.documentId;

    const list = 'query Units { customSchemes { documentId title } }';
    expect(
      (
        await graphql<{ customSchemes: { documentId: string }[] }>(list, owner)
      ).data!.customSchemes.map((unit) => unit.documentId),
    ).toContain(id);
    expect(
      (
        await graphql<{ customSchemes: { documentId: string }[] }>(list, intruder)
      ).data!.customSchemes.map((unit) => unit.documentId),
    ).not.toContain(id);
    const readOne = await graphql<{ customScheme: unknown }>(
      'query Unit($id: ID!) { customScheme(documentId: $id) { title } }',
      intruder,
      { id },
    );
    expect(readOne.data?.customScheme ?? null).toBeNull();
    const remove = await graphql<unknown>(
      'mutation Delete($id: ID!) { deleteCustomScheme(documentId: $id) { documentId } }',
      intruder,
      { id },
    );
    expect(remove.errors?.length).toBeGreaterThan(0);

    const rest = (path: string, init: RequestInit = {}, token = intruder) =>
      fetch(`${cms.url}/api/custom-schemes${path}`, {
        ...init,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      });
    const restList = (await (await rest('')).json()) as { data: { documentId: string }[] };
    expect(restList.data.map((unit) => unit.documentId)).not.toContain(id);
    expect((await rest(`/${id}`)).status).toBe(404);
    expect([403, 404]).toContain((await rest(`/${id}`, { method: 'DELETE' })).status);
    expect([401, 403]).toContain((await fetch(`${cms.url}/api/custom-schemes`)).status);

    // Still there for its owner, who alone can delete it.
    expect((await rest(`/${id}`, {}, owner)).status).toBe(200);
    const ownDelete = await graphql<unknown>(
      'mutation Delete($id: ID!) { deleteCustomScheme(documentId: $id) { documentId } }',
      owner,
      { id },
    );
    expect(ownDelete.errors).toBeUndefined();
    expect(
      (
        await graphql<{ customSchemes: { documentId: string }[] }>(list, owner)
      ).data!.customSchemes.map((unit) => unit.documentId),
    ).not.toContain(id);
  });

  it('registers a trial user with user_profile_data and reports field errors by path', async () => {
    const register = (body: Record<string, unknown>) =>
      fetch(`${cms.url}/api/auth/local/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const bad = await register({
      email: 'bad@e2e.school',
      username: 'bad@e2e.school',
      password: 'abc',
      user_profile_data: {},
    });
    expect(bad.status).toBe(400);
    const paths = (
      (await bad.json()) as { error: { details: { errors: { path: string[] }[] } } }
    ).error.details.errors.map((error) => error.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining([
        'user_profile_data.first_name',
        'user_profile_data.last_name',
        'password',
      ]),
    );

    const email = `clara-${Date.now()}@e2e.school`;
    const good = await register({
      email,
      username: email,
      password: 'sonata1819',
      user_profile_data: { first_name: 'Clara', last_name: 'Schumann' },
      skip_trial: false,
    });
    expect(good.status).toBe(200);
    const { jwt } = (await good.json()) as { jwt: string };
    const me = (await (
      await fetch(`${cms.url}/api/users/me`, { headers: { Authorization: `Bearer ${jwt}` } })
    ).json()) as {
      role: { type: string };
      user_profile: { first_name: string; user_updated: boolean };
    };
    expect(me.role.type).toBe('authenticated');
    expect(me.user_profile).toMatchObject({ first_name: 'Clara', user_updated: true });
  });

  it('serves a WordPress-shaped events feed of upcoming events with medium_large images', async () => {
    type WpEvent = {
      id: number;
      title: { rendered: string };
      acf: { event_start_date: string; venue_short: string };
      _links: Record<string, { href: string }[]>;
    };
    const events = (await (
      await fetch(`${cms.url}/api/events-feed/wp/v2/events`)
    ).json()) as WpEvent[];
    expect(events.length).toBeGreaterThanOrEqual(3);
    for (const event of events) {
      expect(event.title.rendered).toBeTruthy();
      expect(new Date(event.acf.event_start_date).getTime()).toBeGreaterThan(Date.now());
    }
    const mediaHref = events[0]?._links['wp:featuredmedia']?.[0]?.href ?? '';
    const media = (await (await fetch(new URL(mediaHref, cms.url))).json()) as {
      media_details: { sizes: { medium_large: { source_url: string } } };
    };
    const image = await fetch(new URL(media.media_details.sizes.medium_large.source_url, cms.url));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
  });
  it('answers bad invitations with path/message lists (spec part 1: field errors by path)', async () => {
    const token = tokens[DEMO.subscriber] ?? (await logIn(DEMO.subscriber));
    const invite = async (invitee: string) => {
      const response = await fetch(`${cms.url}/api/member-account/invitation`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ invitee }),
      });
      const body = (await response.json()) as {
        error?: { details?: { errors?: { path: string[]; message: string }[] } };
      };
      return { status: response.status, errors: body.error?.details?.errors ?? [] };
    };
    expect(await invite('not an email')).toEqual({
      status: 400,
      errors: [
        expect.objectContaining({
          path: ['invitee'],
          message: 'Please enter a valid email address',
        }),
      ],
    });
    expect(await invite(DEMO.subscriber)).toEqual({
      status: 400,
      errors: [
        expect.objectContaining({
          path: ['invitee'],
          message: 'You already own this subscription',
        }),
      ],
    });
  });

  it('lets the subscription owner invite and remove members, and an invited teacher join once they confirm the address', async () => {
    type Account = {
      isOwner: boolean;
      members: { email: string }[];
      invitations: { email: string }[];
    };
    const call = async (path: string, email: string, body?: Record<string, string>) => {
      const response = await fetch(`${cms.url}/api/member-account${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${tokens[email]}` },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: (await response.json()) as Account };
    };
    const owner = await call('', DEMO.subscriber);
    expect(owner.body.isOwner).toBe(true);
    expect(owner.body.members.map((member) => member.email)).toContain(DEMO.subscriber2);
    expect((await call('', DEMO.subscriber2)).body.isOwner).toBe(false);
    expect(
      (await call('/invitation', DEMO.subscriber2, { invitee: 'someone@e2e.school' })).status,
    ).toBe(403);

    const invitee = `invited-${Date.now()}@e2e.school`;
    const invited = await call('/invitation', DEMO.subscriber, { invitee });
    expect(invited.body.invitations.map((invitation) => invitation.email)).toContain(invitee);
    const registered = await fetch(`${cms.url}/api/auth/local/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: invitee,
        username: invitee,
        password: 'invite123',
        user_profile_data: { first_name: 'Ivy', last_name: 'Invited' },
      }),
    });
    const { jwt } = (await registered.json()) as { jwt: string };
    const roleOf = async () =>
      (
        (await (
          await fetch(`${cms.url}/api/users/me`, { headers: { Authorization: `Bearer ${jwt}` } })
        ).json()) as { role: { type: string } }
      ).role.type;
    // The seat waits for the confirmation link e-mailed to the invitee (written to the CMS log).
    expect(await roleOf()).toBe('authenticated');
    // The e-mail links to the app's confirm page, which confirms through the CMS's route.
    const confirmationCode = () =>
      readFileSync(cms.logFile, 'utf8')
        .match(/\/account\/confirm\?confirmation=\w+/g)
        ?.at(-1)
        ?.split('=')[1] ?? null;
    await expect.poll(confirmationCode).not.toBeNull();
    await fetch(`${cms.url}/api/auth/email-confirmation?confirmation=${confirmationCode()}`, {
      redirect: 'manual',
    });
    expect(await roleOf()).toBe('active_subscriber');

    const removed = await call('/remove-member', DEMO.subscriber, { member_email: invitee });
    expect(removed.body.members.map((member) => member.email)).not.toContain(invitee);
    expect(await roleOf()).toBe('authenticated');
  });
});
