// The journeys every engine must pass (search, the offline lesson, a lesson file, the offline
// playlist, full reloads, a playlist file), written once against the small EngineDriver interface. They mirror e2e/search.spec.ts,
// e2e/search-offline.spec.ts, e2e/downloads.spec.ts and e2e/playlists.spec.ts, which prove the
// same in Chromium with Playwright.
import { click, expectText, type, waitUntil } from './engine-driver.mjs';
import { pattern } from './page-queries.mjs';
import { cmsPlaylistTitles } from './cms-check.mjs';
import { readSlide, slideShown } from './slide-media.mjs';
import { Buffer } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import { scratchPath } from '../scripts/scratch.mjs';

/** @typedef {import('./engine-driver.mjs').EngineDriver} EngineDriver */
/** @typedef {import('./stack.mjs').Stack} Stack */
/** @typedef {{ name: string, run: (driver: EngineDriver, stack: Stack) => Promise<string> }} Journey */

const TEACHER = { email: 'subscriber@demo.school', password: 'music1234' };
const DOWNLOAD_WAIT_MS = 180_000;
// The sync engine retries on a backoff (2 s doubling, with jitter) while the cut lasts.
const SYNC_WAIT_MS = 90_000;
const LOGIN_DIALOG = { role: 'dialog', pattern: pattern(/^Log in to/) };
const SYNC_STATUS = { role: 'status', pattern: pattern(/^(Online|Offline),/) };

/** Signs in through the login panel unless this browser is signed in already. */
async function signIn(/** @type {EngineDriver} */ driver, /** @type {Stack} */ stack) {
  await driver.goto(`${stack.appUrl}/`);
  await expectText(driver, { role: 'heading', level: 1 });
  // Signed in shows the sync indicator (its own chunk, a moment after the heading); signed out, 'Log In'.
  const LOG_IN = { role: 'button', name: 'Log In', within: { role: 'navigation', name: 'Main' } };
  const state = await waitUntil('the header to show the sync indicator or Log In', async () => {
    if ((await driver.textOf(SYNC_STATUS)) !== null) return 'signed in';
    return (await driver.textOf(LOG_IN)) !== null ? 'signed out' : null;
  });
  if (state === 'signed in') return;
  await click(driver, {
    role: 'button',
    name: 'Log In',
    within: { role: 'navigation', name: 'Main' },
  });
  await type(driver, 'Email address', TEACHER.email, LOGIN_DIALOG);
  await type(driver, 'Password', TEACHER.password, LOGIN_DIALOG);
  await click(driver, { role: 'button', name: 'Log In', within: LOGIN_DIALOG });
  // The sync indicator is in the header only for a signed-in teacher.
  await expectText(driver, SYNC_STATUS);
}

/** The service worker controls the page: from now on it answers when the network cannot. */
async function waitForServiceWorker(/** @type {EngineDriver} */ driver) {
  await waitUntil('the service worker to control the page', () =>
    driver.evaluate(() => Boolean(navigator.serviceWorker?.controller)),
  );
}

/**
 * Proves the cut from inside the page: a request the service worker does not answer (the CMS's
 * REST API) fails outright, as with no connection, instead of reaching the CMS.
 */
async function expectNetworkCut(/** @type {EngineDriver} */ driver) {
  const outcome = await driver.evaluate(() =>
    fetch(`/api/engines-cut-check?at=${Date.now()}`).then(
      (response) => `HTTP ${response.status}`,
      () => 'refused',
    ),
  );
  if (outcome !== 'refused')
    throw new Error(`the network cut did not hold: the page's request got ${outcome}`);
}

/**
 * From lesson mode's first slide, every slide of every activity in turn, each shown with its media
 * from the device; returns how many slides and images or media elements it saw.
 * @param {EngineDriver} driver
 */
async function walkSlides(driver) {
  let slides = 0;
  let media = 0;
  for (let guard = 0; guard < 100; guard += 1) {
    const slide = await waitUntil('the slide and its media from the device', async () => {
      const state = await driver.evaluate(readSlide);
      return state.counter && slideShown(state) ? state : null;
    });
    slides += 1;
    media += slide.images.length + slide.media.length;
    // '>' stays in place but is aria-disabled on an activity's last slide; 'Next' then moves on.
    const nextSlide = await driver.evaluate(() => {
      const step = document.querySelector('button[aria-label="Next slide"]');
      return Boolean(step) && step?.getAttribute('aria-disabled') !== 'true';
    });
    if (nextSlide) await click(driver, { role: 'button', name: 'Next slide' });
    else if (!(await driver.clickIfPresent({ role: 'button', name: 'Next' }))) break;
    await waitUntil('the next slide', () =>
      driver.evaluate(() => location.pathname).then((path) => path !== slide.path),
    );
  }
  return { slides, media };
}

const SHELL_SEARCH = { role: 'textbox', name: 'Search' };

/**
 * Searches from the shell's field as a teacher does: the first focus turns it into the combobox,
 * the query brings a suggestion matching `suggestion`, and Enter (no suggestion chosen) opens the
 * results page for the query.
 * @param {EngineDriver} driver @param {string} query @param {RegExp} suggestion
 */
async function searchFromShell(driver, query, suggestion) {
  await click(driver, SHELL_SEARCH);
  // Where the focus is, for the report if it never reaches the combobox.
  let focused = '';
  await waitUntil('the search combobox to have focus', async () => {
    focused = await driver.evaluate(() => {
      const active = document.activeElement;
      if (!active) return 'nothing';
      return `${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ''} (role ${active.getAttribute('role')})`;
    });
    return focused.endsWith('(role combobox)');
  }).catch((/** @type {Error} */ error) => {
    throw new Error(`${error.message}; the focus was on ${focused}`);
  });
  await type(driver, 'Search', query);
  await expectText(driver, {
    role: 'option',
    pattern: pattern(suggestion),
    within: { role: 'listbox', name: 'Suggestions' },
  });
  await driver.press('Enter');
  await expectText(driver, { role: 'heading', level: 1 }, `Search results for ‘${query}’`);
}

/**
 * The first lesson of the unit 'Listening and moving', made available offline (unless it is
 * already); returns its title and address.
 * @param {EngineDriver} driver @param {Stack} stack
 */
async function downloadFirstLesson(driver, stack) {
  await driver.goto(`${stack.appUrl}/primary/sound-explorers`);
  await click(driver, { role: 'link', name: 'View unit of work: Listening and moving' });
  await expectText(driver, { role: 'heading', level: 1 }, 'Listening and moving');
  const lesson = await waitUntil('a lesson in the unit', () =>
    driver.evaluate(() => {
      const found = [...document.querySelectorAll('main a[href]')].find((link) =>
        /\/lesson\/[^/]+$/.test(link.getAttribute('href') ?? ''),
      );
      return found ? (found.textContent ?? '').replace(/\s+/g, ' ').trim() : null;
    }),
  );
  await click(driver, { role: 'link', name: lesson });
  await expectText(driver, { role: 'heading', level: 1 }, lesson);
  const lessonUrl = await driver.evaluate(() => location.href);
  const offered = await waitUntil("'Make available offline' or 'Available offline'", async () => {
    if (await driver.evaluate(() => document.body.innerText.includes('Available offline')))
      return 'stored';
    return (await driver.clickIfPresent({ role: 'button', name: 'Make available offline' }))
      ? 'started'
      : null;
  });
  if (offered === 'started')
    await waitUntil(
      "'Available offline'",
      () => driver.evaluate(() => document.body.innerText.includes('Available offline')),
      DOWNLOAD_WAIT_MS,
    );
  return { lesson, lessonUrl };
}

/** @type {Journey} */
const offlineLesson = {
  name: 'offline lesson',
  async run(driver, stack) {
    await signIn(driver, stack);
    await waitForServiceWorker(driver);
    const { lesson, lessonUrl } = await downloadFirstLesson(driver, stack);

    stack.setNetwork(false);
    let slides = 0;
    let media = 0;
    try {
      await driver.reload();
      await expectText(driver, { role: 'heading', level: 1 }, lesson);
      await expectNetworkCut(driver);
      await click(driver, { role: 'link', name: 'Start Lesson' });
      await click(driver, { role: 'link', name: 'Get started' });
      ({ slides, media } = await walkSlides(driver));
      // The device's own search finds the downloaded lesson, and says where its answer came from.
      await driver.goto(lessonUrl);
      await searchFromShell(driver, lesson, new RegExp(`^${lesson.replace(/\W/g, '\\$&')}`));
      await expectText(driver, { role: 'link', name: lesson, within: { role: 'main' } });
      await waitUntil("'from this device only'", () =>
        driver.evaluate(() =>
          document.body.innerText.includes('these results come from this device only'),
        ),
      );
    } finally {
      stack.setNetwork(true);
    }
    if (slides < 2) throw new Error(`lesson mode showed ${slides} slide(s)`);
    return `${lesson}: ${slides} slides, ${media} images and media elements, and found by the device's search, with the network cut`;
  },
};

/** @type {Journey} */
const offlinePlaylist = {
  name: 'offline playlist',
  async run(driver, stack) {
    const title = `Made offline in ${driver.engine}`;
    await signIn(driver, stack);
    await waitForServiceWorker(driver);
    await driver.goto(`${stack.appUrl}/playlists`);
    await expectText(driver, { role: 'heading', level: 2, name: 'Monday morning warm-ups' });
    await expectText(driver, SYNC_STATUS, /All changes saved/);

    stack.setNetwork(false);
    let waiting = '';
    try {
      await click(driver, {
        role: 'button',
        pattern: pattern(/^Create (a new|your first) playlist/),
      });
      const details = { role: 'dialog', name: 'Playlist details' };
      await type(driver, 'Playlist name', title, details);
      await click(driver, { role: 'button', name: 'Save Playlist', within: details });
      await expectText(driver, { role: 'heading', level: 2, name: title });

      await driver.reload();
      await expectText(driver, { role: 'heading', level: 2, name: title });
      await expectNetworkCut(driver);
      waiting = await expectText(driver, SYNC_STATUS, /\d+ changes? waiting to sync/);
      if ((await cmsPlaylistTitles(stack.cmsUrl, TEACHER)).includes(title))
        throw new Error('the CMS had the playlist before the network came back');
    } finally {
      stack.setNetwork(true);
    }
    const saved = await expectText(driver, SYNC_STATUS, /All changes saved/, SYNC_WAIT_MS);
    const copies = (await cmsPlaylistTitles(stack.cmsUrl, TEACHER)).filter(
      (onCms) => onCms === title,
    ).length;
    if (copies !== 1) throw new Error(`the CMS holds ${copies} playlists titled "${title}"`);
    return `offline: "${waiting}"; back online: "${saved}"; the CMS has it once`;
  },
};

/**
 * Full page loads one after another, each leaving the last page while it still reads and writes
 * IndexedDB (a reload, a link from elsewhere): WebKit keeps the page it leaves in its
 * back/forward cache with those transactions frozen, and without src/lib/db/page-hide-release.ts
 * the next page waited behind them for good ("Your Playlists Loading…", seen in 1 of 2 loads).
 * @type {Journey}
 */
const fullReloads = {
  name: 'full reloads',
  async run(driver, stack) {
    await signIn(driver, stack);
    const loads = 6;
    for (let load = 1; load <= loads; load += 1) {
      await driver.goto(`${stack.appUrl}/`);
      await expectText(driver, { role: 'heading', level: 1 });
      await driver.goto(`${stack.appUrl}/playlists`);
      await expectText(driver, { role: 'heading', level: 2, name: 'Monday morning warm-ups' });
      await expectText(driver, SYNC_STATUS, /All changes saved/);
    }
    return `${loads} pairs of full page loads, each showing the teacher's playlists and "All changes saved"`;
  },
};

/** @type {Journey} */
const search = {
  name: 'search',
  async run(driver, stack) {
    await driver.goto(`${stack.appUrl}/primary`);
    await searchFromShell(driver, 'samb', /^Samba/);
    const found = { role: 'link', name: 'Samba Call and Response', within: { role: 'main' } };
    await expectText(driver, found);
    return "'samb': suggestions, then the results page with Samba Call and Response";
  },
};

/**
 * 'Save as a file' on the storage page for the download titled `title`; returns the file's path
 * and size. 'Save as a file' hands the file to the browser through a link to a Blob; the journey
 * keeps that Blob rather than look in each engine's own download folder.
 * @param {EngineDriver} driver @param {Stack} stack @param {string} title
 */
async function saveAsFile(driver, stack, title) {
  await driver.goto(`${stack.appUrl}/offline`);
  await expectText(driver, { role: 'heading', level: 1 }, 'Offline storage');
  await driver.evaluate(() => {
    const page = /** @type {Window & { savedLessonFile?: Blob }} */ (window);
    const keep = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (file) => {
      if (file instanceof Blob) page.savedLessonFile = file;
      return keep(file);
    };
    HTMLAnchorElement.prototype.click = () => undefined;
  });
  await click(driver, { role: 'button', name: `Save as a file ${title}` });
  const saved = await waitUntil('the saved lesson file', () =>
    driver.evaluate(async () => {
      const file = /** @type {Window & { savedLessonFile?: Blob }} */ (window).savedLessonFile;
      if (!file) return null;
      const bytes = new Uint8Array(await file.arrayBuffer());
      let text = '';
      for (let at = 0; at < bytes.length; at += 0x8000)
        text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
      return btoa(text);
    }),
  );
  const file = scratchPath(
    `lesson-file-${driver.engine}-${title}.mclesson`.replace(/[^\w.-]+/g, '-'),
  );
  const bytes = Buffer.from(saved, 'base64');
  writeFileSync(file, bytes);
  return { file, bytes: bytes.length };
}

/**
 * 'Remove' on the storage page: the download goes (the file brings it back).
 * @param {EngineDriver} driver @param {string} title
 */
async function removeDownload(driver, title) {
  await click(driver, { role: 'button', name: `Remove ${title}` });
  await waitUntil('the download removed', async () =>
    (await driver.textOf({ role: 'button', name: `Remove ${title}` })) === null ? true : null,
  );
}

/**
 * With the network cut: reloads the storage page, opens `file` through the engine's own file
 * input, follows 'Open {title}' and runs it in lesson mode; returns what lesson mode showed.
 * @param {EngineDriver} driver @param {Stack} stack @param {string} file @param {string} title
 */
async function openFileOffline(driver, stack, file, title) {
  stack.setNetwork(false);
  try {
    await driver.goto(`${stack.appUrl}/offline`);
    await expectText(driver, { role: 'heading', level: 1 }, 'Offline storage');
    await expectNetworkCut(driver);
    await driver.chooseFile('lesson-file-input', file);
    await waitUntil("the file's summary", () =>
      driver.evaluate(() => / is an? [a-z ]+ of [\d.]+ MB\./.test(document.body.innerText)),
    );
    await click(driver, { role: 'button', name: 'Open it on this device' });
    await waitUntil(
      'the item opened from the file',
      () => driver.evaluate(() => document.body.innerText.includes('works offline.')),
      DOWNLOAD_WAIT_MS,
    );
    await click(driver, { role: 'link', name: `Open ${title}` });
    await expectText(driver, { role: 'heading', level: 1 }, title);
    await click(driver, { role: 'link', name: 'Start Lesson' });
    await click(driver, { role: 'link', name: 'Get started' });
    const walked = await walkSlides(driver);
    if (walked.slides < 2) throw new Error(`lesson mode showed ${walked.slides} slide(s)`);
    return walked;
  } finally {
    stack.setNetwork(true);
  }
}

/**
 * A lesson saved as a file and opened again with the network cut, as e2e/lesson-files.spec.ts
 * proves in Chromium between two teachers: here each engine's own file input, Blob slices and
 * byte streams, and the signature checks run, and lesson mode shows every slide from what the
 * file stored.
 * @type {Journey}
 */
const lessonFile = {
  name: 'lesson file',
  async run(driver, stack) {
    await signIn(driver, stack);
    await waitForServiceWorker(driver);
    const { lesson } = await downloadFirstLesson(driver, stack);
    const { file, bytes } = await saveAsFile(driver, stack, lesson);
    await removeDownload(driver, lesson);
    const walked = await openFileOffline(driver, stack, file, lesson);
    return `${lesson}: saved as a file (${bytes} bytes), removed, opened from the file with the network cut: ${walked.slides} slides, ${walked.media} images and media elements`;
  },
};

/**
 * The demo playlist saved as a file, its download removed, and opened again with the network
 * cut: the playlist runs in lesson mode from what the file stored. (Another teacher's device
 * opens it as a playlist of their own: e2e/lesson-files.spec.ts, in Chromium.)
 * @type {Journey}
 */
const playlistFile = {
  name: 'playlist file',
  async run(driver, stack) {
    const title = 'Monday morning warm-ups';
    await signIn(driver, stack);
    await waitForServiceWorker(driver);
    await driver.goto(`${stack.appUrl}/playlists`);
    await click(driver, { role: 'link', name: `View Playlist: ${title}` });
    await expectText(driver, { role: 'heading', level: 1 }, title);
    await click(driver, { role: 'button', name: 'Make available offline' });
    await waitUntil(
      "'Available offline'",
      () => driver.evaluate(() => document.body.innerText.includes('Available offline')),
      DOWNLOAD_WAIT_MS,
    );
    const { file, bytes } = await saveAsFile(driver, stack, title);
    await removeDownload(driver, title);
    const walked = await openFileOffline(driver, stack, file, title);
    return `${title}: saved as a file (${bytes} bytes), removed, opened from the file with the network cut: ${walked.slides} slides, ${walked.media} images and media elements`;
  },
};

export const JOURNEYS = [
  search,
  offlineLesson,
  lessonFile,
  offlinePlaylist,
  fullReloads,
  playlistFile,
];
