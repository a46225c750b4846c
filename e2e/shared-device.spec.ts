import type { Page } from '@playwright/test';
import { appGraphqlDocuments } from '../scripts/app-graphql-documents.mjs';
import { DEMO, expect, test } from './support/fixtures';
import { logInAsSubscriber, logOut, waitForServiceWorker } from './support/session';

/** The text of one of the app's own GraphQL documents (the worker caches answers to no other). */
function appDocument(exportName: string): string {
  const document = appGraphqlDocuments().find(({ name }) => name === exportName);
  if (!document) throw new Error(`The app sends no document ${exportName}`);
  return document.text;
}

// A shared school device: when a session ends, by Log Out or by a 401 (an expired
// token, a rotated secret), nothing of the teacher stays for the next person on that browser, and
// the worker never answers from a teacher's cache on the strength of a claim inside a token.

const LESSON = 'Lesson 2: Pulse everywhere';

async function openLesson(page: Page) {
  await page.goto('/primary/sound-explorers');
  await page.getByRole('link', { name: /^View unit of work\s?: Listening and moving$/ }).click();
  await page.getByRole('link', { name: LESSON }).click();
  await expect(page.getByRole('heading', { level: 1, name: LESSON })).toBeVisible();
}

/** What the browser holds of signed-in use: cache keys, IndexedDB rows, local storage keys. */
async function deviceContents(page: Page) {
  return page.evaluate(async () => {
    const graphqlKeys = (await (await caches.open('graphql-v1')).keys()).map(
      (request) => new URL(request.url).pathname,
    );
    const rows = await new Promise<Record<string, number>>((resolve, reject) => {
      const open = indexedDB.open('music-classroom');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const database = open.result;
        const names = ['documents', 'downloads', 'media', 'playlists'].filter((name) =>
          database.objectStoreNames.contains(name),
        );
        const counts: Record<string, number> = {};
        if (names.length === 0) return resolve(counts);
        const transaction = database.transaction(names, 'readonly');
        for (const name of names) {
          const request = transaction.objectStore(name).count();
          request.onsuccess = () => (counts[name] = request.result);
        }
        transaction.oncomplete = () => {
          database.close();
          resolve(counts);
        };
      };
    });
    return {
      sessionGraphqlKeys: graphqlKeys.filter((path) => !path.startsWith('/__gql/anon/')),
      mediaRuntime: await caches.has('media-runtime-v1'),
      mediaDownloads: (await (await caches.open('media-downloads')).keys()).length,
      rows,
      session: ['user', 'auth', 'role'].filter((key) => localStorage.getItem(key) !== null),
      // The device's own settings, which stay for whoever uses it next.
      practice: Object.keys(localStorage).filter((key) => key.startsWith('practice:')),
    };
  });
}

/** A GraphQL query posted from the page (a bearer token if given); null when it fails. */
async function postQuery<Data>(page: Page, query: string, operationName: string, token?: string) {
  return page.evaluate(
    async ({ query, operationName, bearer }) => {
      try {
        const response = await fetch('/graphql', {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
          },
          body: JSON.stringify({ operationName, query }),
        });
        return { status: response.status, body: (await response.json()) as { data?: Data } };
      } catch {
        return null;
      }
    },
    { query, operationName, bearer: token },
  );
}

/** The app's own membership query, with the given bearer token; null when it fails. */
function askAs(page: Page, token: string) {
  return postQuery<{ me?: { email?: string } | null }>(
    page,
    appDocument('USER_ROLE_MEMBERSHIP'),
    'UserRoleMembership',
    token,
  );
}

/** An unsigned token whose payload claims to be user `id`: anyone can write one. */
function forgedToken(id: number) {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ id, iat: Math.floor(Date.now() / 1000) })}.forged`;
}

/** A recording's practice settings (loop, tempo): this device's, not the teacher's. */
const PRACTICE_KEY = 'practice:/uploads/song.mp3';

async function signInAndUseContent(page: Page) {
  await logInAsSubscriber(page);
  await waitForServiceWorker(page);
  await openLesson(page);
  await page.getByRole('button', { name: 'Make available offline' }).click();
  await expect(page.getByText('Available offline', { exact: true }).first()).toBeVisible({
    timeout: 60_000,
  });
  const before = await deviceContents(page);
  // The precondition that makes the purge checks mean something.
  expect(before.sessionGraphqlKeys.length).toBeGreaterThan(0);
  expect(before.rows.documents).toBeGreaterThan(0);
  expect(before.mediaDownloads).toBeGreaterThan(0);
  expect(before.session).toEqual(['user', 'auth', 'role']);
  await page.evaluate((key) => localStorage.setItem(key, '{"tempo":80}'), PRACTICE_KEY);
}

const NOTHING_LEFT = {
  sessionGraphqlKeys: [],
  mediaRuntime: false,
  mediaDownloads: 0,
  rows: { documents: 0, downloads: 0, media: 0, playlists: 0 },
  session: [],
  practice: [PRACTICE_KEY],
};

test.describe('a shared school device', () => {
  test('a 401 ends the session with the same purge as Log Out: cached answers, downloads and media go, practice settings stay', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signInAndUseContent(page);
    // The CMS stops accepting the token (a rotated secret looks the same): the next request is a 401.
    await page.evaluate(() => {
      const token = localStorage.getItem('auth') ?? '';
      localStorage.setItem('auth', `${token.slice(0, token.lastIndexOf('.'))}.bad-signature`);
    });
    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log In' }),
    ).toBeVisible();
    await expect.poll(() => deviceContents(page), { timeout: 20_000 }).toEqual(NOTHING_LEFT);
    // The session does not end in silence: the page it reloads to says what happened.
    const notice = page
      .getByRole('status')
      .filter({ hasText: 'Your session has ended, so you have been logged out.' });
    await expect(notice).toContainText('1 download was removed from this device.');
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toHaveCount(0);
  });

  test('Log Out leaves nothing of the teacher on the device, and keeps its practice settings', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signInAndUseContent(page);
    await logOut(page);
    await expect.poll(() => deviceContents(page), { timeout: 20_000 }).toEqual(NOTHING_LEFT);
  });

  test("Log Out in one tab ends the session in the teacher's other tabs: nothing of them stays on screen", async ({
    page,
    context,
  }) => {
    await logInAsSubscriber(page);
    const other = await context.newPage();
    await other.goto('/search?q=samba');
    await expect(other.getByText('Welcome back, Ada Lovelace!')).toBeAttached();
    await logOut(page);
    await expect(
      other.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log In' }),
    ).toBeVisible();
    await expect(other.getByText('Welcome back, Ada Lovelace!')).toHaveCount(0);
    await other.close();
  });

  test('offline, the worker answers only the token the CMS answered, never a forged claim of the same user', async ({
    page,
    context,
  }) => {
    await logInAsSubscriber(page);
    await waitForServiceWorker(page);
    const token = (await page.evaluate(() => localStorage.getItem('auth'))) ?? '';
    const online = await askAs(page, token);
    expect(online?.body.data?.me?.email).toBe(DEMO.subscriber.email);
    const userId = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { id: number }).id,
    );

    await context.setOffline(true);
    // The real session still works offline from the worker's cache...
    expect((await askAs(page, token))?.body.data?.me?.email).toBe(DEMO.subscriber.email);
    // ...but a token that only claims to be the same user gets nothing from it.
    const forged = await askAs(page, forgedToken(userId));
    expect(forged?.body.data?.me ?? null).toBeNull();
    await context.setOffline(false);
  });

  test("a page script's own document under the app's operation name never changes what the device answers offline", async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    type Menu = { audiences?: { title: string }[] };
    const menu = appDocument('AUDIENCES_AND_PROGRAMMES');
    // The app's menu query with its audiences swapped, by an alias, for an empty list.
    const forged = menu.replace(
      /\baudiences\(sort: "order:asc"\)/,
      'audiences: audiences(filters: { slug: { eq: "none" } })',
    );
    expect(forged).not.toBe(menu);

    const real = await postQuery<Menu>(page, menu, 'AudiencesAndProgrammes');
    expect(real?.body.data?.audiences?.length).toBeGreaterThan(0);
    // Online, the CMS answers the forged question as asked...
    expect(
      (await postQuery<Menu>(page, forged, 'AudiencesAndProgrammes'))?.body.data?.audiences,
    ).toEqual([]);

    await context.setOffline(true);
    // ...but offline the device still answers the app's menu with the CMS's menu, and the forged
    // question with nothing.
    expect((await postQuery<Menu>(page, menu, 'AudiencesAndProgrammes'))?.body.data).toEqual(
      real?.body.data,
    );
    expect(
      (await postQuery<Menu>(page, forged, 'AudiencesAndProgrammes'))?.body.data ?? null,
    ).toBeNull();
    await context.setOffline(false);
  });
});
