// @vitest-environment node
import { readFileSync } from 'node:fs';
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MediaReference } from '../../src/lib/offline/collect-media';
import type { DownloadPlan } from '../../src/lib/offline/download-plan';
import type { ServerPlaylist } from '../../src/lib/sync/playlist-mapping';
import { bootTestCms } from './support/test-cms';
import { stubLocalStorage } from './support/local-storage';

// Progress is honest: every file a download stores reaches the app with its size from the CMS (the
// free-space check and the byte bar use it; a HEAD request is only a fallback), and an embed an
// editor writes without a size gets one from the upload it names.

const cms = bootTestCms('file-sizes');

// The app's own plan builders and media collector. Some of their imports read the session from
// local storage when loaded, which Node lacks: an empty one stands in.
let app: {
  audioPageDownloadPlan: typeof import('../../src/features/libraries/components/audio-page-download-plan').audioPageDownloadPlan;
  playlistDownloadPlan: typeof import('../../src/features/playlists/components/playlist-download-plan').playlistDownloadPlan;
  lessonDownloadPlan: typeof import('../../src/features/units/components/lesson-download-plan').lessonDownloadPlan;
  unitDownloadPlan: typeof import('../../src/features/units/components/unit-download-plan').unitDownloadPlan;
  collectMedia: typeof import('../../src/lib/offline/collect-media').collectMedia;
  mergeMedia: typeof import('../../src/lib/offline/collect-media').mergeMedia;
  PLAYLISTS: string;
  serverToRecord: typeof import('../../src/lib/sync/playlist-mapping').serverToRecord;
};

beforeAll(async () => {
  stubLocalStorage();
  Dexie.dependencies.indexedDB = new IDBFactory();
  Dexie.dependencies.IDBKeyRange = IDBKeyRange;
  app = {
    ...(await import('../../src/features/libraries/components/audio-page-download-plan')),
    ...(await import('../../src/features/playlists/components/playlist-download-plan')),
    ...(await import('../../src/features/units/components/lesson-download-plan')),
    ...(await import('../../src/features/units/components/unit-download-plan')),
    ...(await import('../../src/lib/offline/collect-media')),
    ...(await import('../../src/lib/sync/playlist-api')),
    ...(await import('../../src/lib/sync/playlist-mapping')),
  };
});

/** Runs a plan's real queries against the CMS as the app's download does; every file they name. */
async function filesOf(plan: DownloadPlan, token: string): Promise<MediaReference[]> {
  const lists: MediaReference[][] = [plan.media ?? []];
  await plan.collect(async (document, variables = {}) => {
    const answer = await cms.graphql(document, token, variables as Record<string, unknown>);
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    lists.push(app.collectMedia(answer.data));
    return answer.data as never;
  });
  return app.mergeMedia(lists);
}

const unsized = (files: MediaReference[]) =>
  files.filter((file) => file.bytes <= 0).map((file) => file.url);

async function adminToken(): Promise<string> {
  const { status, body } = await cms.rest('/admin/login', undefined, {
    body: { email: 'admin@demo.school', password: 'Admin12345' },
  });
  expect(status).toBe(200);
  return (body as { data: { token: string } }).data.token;
}

describe('file sizes', () => {
  it('every file a lesson, unit, playlist or audio page download stores comes with its size', async () => {
    const token = await cms.logIn('subscriber@demo.school');
    const found = await cms.graphql<{
      programmes: {
        slug: string;
        units: {
          documentId: string;
          title: string;
          lessons: { documentId: string; title: string }[];
        }[];
      }[];
      audioPages: { documentId: string; title: string }[];
    }>(
      'query { programmes { slug units { documentId title lessons { documentId title } } } audioPages { documentId title } }',
      token,
    );
    const programme = found.data!.programmes.find((entry) => entry.slug === 'sound-explorers')!;
    const unit = programme.units.find((entry) => entry.title === 'Listening and moving')!;
    const lesson = unit.lessons[0]!;
    const playlists = await cms.graphql<{ playlists: ServerPlaylist[] }>(app.PLAYLISTS, token);
    const playlist = app.serverToRecord(
      playlists.data!.playlists.find((entry) => entry.client_id === 'seed-subscriber-playlist')!,
      '1',
    );

    const plans = [
      app.lessonDownloadPlan({
        lessonId: lesson.documentId,
        schemeId: unit.documentId,
        title: lesson.title,
        path: '/lesson',
      }),
      app.unitDownloadPlan({
        unitId: unit.documentId,
        programmeSlug: programme.slug,
        lessonIds: unit.lessons.map((entry) => entry.documentId),
        title: unit.title,
        path: '/unit',
      }),
      app.audioPageDownloadPlan({
        ids: found.data!.audioPages.map((page) => page.documentId),
        title: 'Audio',
        path: '/audio',
      }),
      app.playlistDownloadPlan(playlist),
    ];
    for (const plan of plans) {
      const files = await filesOf(plan, token);
      expect(files.length, `${plan.kind} names files`).toBeGreaterThan(0);
      expect(unsized(files), `${plan.kind}: files without a size`).toEqual([]);
    }
  });

  it('a file uploaded as an editor does has its size, and an embed written without one gets it', async () => {
    const admin = await adminToken();
    // The start of a real film (the library refuses bytes that are not one): 5,000 bytes.
    const film = readFileSync(
      new URL('../../cms/src/seed/media/demo-video.mp4', import.meta.url),
    ).subarray(0, 5_000);
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(film)], { type: 'video/mp4' }), 'assembly.mp4');
    const upload = await fetch(`${cms.url}/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    const [file] = (await upload.json()) as { url: string; size: number }[];
    expect(file!.size).toBe(5);

    // The embed as an editor types it in the admin panel: the file's address, no size; then
    // Publish (the page has drafts).
    const page = 'api::learning-resources-home.learning-resources-home';
    const embed = JSON.stringify({ url: file!.url, provider: 'upload', title: 'Assembly' });
    const saved = await cms.rest(`/content-manager/single-types/${page}`, admin, {
      method: 'PUT',
      body: { media_embed: embed },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const published = await cms.rest(
      `/content-manager/single-types/${page}/actions/publish`,
      admin,
      { body: {} },
    );
    expect(published.status, JSON.stringify(published.body)).toBe(200);

    const answer = await cms.graphql<{ learningResourcesHome: { media_embed: string } }>(
      'query { learningResourcesHome { media_embed } }',
    );
    expect(JSON.parse(answer.data!.learningResourcesHome.media_embed)).toEqual({
      url: file!.url,
      provider: 'upload',
      title: 'Assembly',
      size: 5,
    });
    // The app reads it as 5,000 bytes (Strapi's kB are 1,000 bytes).
    expect(app.collectMedia(answer.data)).toEqual([{ url: file!.url, bytes: film.length }]);
  });
});
