import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { apiLogIn, cmsQuery } from './support/cms-api';
import { DEMO, expect, test } from './support/fixtures';
import { seededLessonSlideshows } from './support/seeded-slideshows';
import { logInAsSubscriber, waitForServiceWorker } from './support/session';
import { slideMedia } from './support/roles';

// WCAG 1.2.1 / 1.2.2: every demo video has English captions that really load (online and from a
// download, offline), and the Hello Song's words open under its player.

/** Shows a video's first captions track and waits for its cues to load; returns its cue texts. */
async function captionCues(video: Locator): Promise<string[]> {
  await expect(video.locator('track[kind="captions"]')).toHaveCount(1);
  await expect(video.locator('track')).toHaveAttribute('srclang', 'en');
  await expect(video.locator('track')).toHaveAttribute('label', 'English');
  await video.evaluate((element: HTMLVideoElement) => {
    element.textTracks[0]!.mode = 'showing';
  });
  await expect
    .poll(() =>
      video.evaluate((element: HTMLVideoElement) => element.textTracks[0]?.cues?.length ?? 0),
    )
    .toBeGreaterThan(0);
  return video.evaluate((element: HTMLVideoElement) =>
    [...(element.textTracks[0]?.cues ?? [])].map((cue) => (cue as VTTCue).text),
  );
}

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screenshots';

/** The open transcript at desktop and phone sizes, to look at (and never wider than the screen). */
async function screenshots(page: Page, name: string, of: Locator) {
  mkdirSync(SHOTS, { recursive: true });
  for (const [label, size] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      `${name} at ${label} size`,
    ).toBeLessThanOrEqual(0);
    await of.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png` });
  }
}

async function logIn(page: Page) {
  await logInAsSubscriber(page);
}

test.describe('captions and transcripts', () => {
  test('the home film has English captions whose cues load, and its transcript opens under it', async ({
    page,
  }) => {
    await page.goto('/');
    const film = page.locator('video');
    expect(await captionCues(film)).toContain('Teacher: Watch me first, then copy.');
    // The summary reads 'Transcript', and to a screen reader 'Transcript: Introduction video'.
    await expect(page.getByText('Teacher: Now your turn!')).toBeHidden();
    await page.getByText('Transcript: Introduction video').click();
    await expect(page.getByText('Teacher: Now your turn!')).toBeVisible();
    await expectNoAxeViolations(page, 'the home page with its transcript open');
    await screenshots(page, 'home-transcript', page.getByText('Teacher: Now your turn!'));
  });

  test("the Hello Song's words open under its player from a 'Transcript' disclosure", async ({
    page,
    request,
  }) => {
    const token = await apiLogIn(request, DEMO.subscriber.email);
    const { audioPages } = await cmsQuery<{ audioPages: { documentId: string }[] }>(
      request,
      token,
      'query { audioPages(filters: { title: { eq: "Hello Song recordings" } }) { documentId } }',
    );
    await page.goto(`/audiolibrary/page/${audioPages[0]!.documentId}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Hello Song recordings' }),
    ).toBeVisible();
    const performance = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Full performance' }) });
    const summary = performance.getByText('Transcript: Full performance');
    await expect(page.getByText('Hello everyone, hello everyone,')).toBeHidden();
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(performance.getByText('Hello everyone, hello everyone,')).toBeVisible();
    // The backing track has no words: no empty disclosure.
    const backing = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Backing track' }) });
    await expect(backing.getByText(/^Transcript/)).toHaveCount(0);
    await expectNoAxeViolations(page, 'an audio page with a transcript open');
    await screenshots(page, 'audio-transcript', performance);
  });

  test("the programme's introduction film has English captions whose cues load, and its transcript opens under it", async ({
    page,
  }) => {
    await logIn(page);
    await page.goto('/primary/sound-explorers');
    const atHome = page.getByRole('region', { name: 'Music at Home' });
    const film = atHome.locator('video');
    expect(await captionCues(film)).toContain('[Drum: four steady beats]');
    await expect(atHome.getByText('Teacher: Now your turn!')).toBeHidden();
    await atHome.getByText('Transcript: Music at Home film').click();
    await expect(atHome.getByText('Teacher: Now your turn!')).toBeVisible();
    await expectNoAxeViolations(page, 'a programme page with its film transcript open');
    await screenshots(page, 'programme-transcript', atHome.getByText('Teacher: Now your turn!'));
  });

  test("a slide video's 'Transcript' opens over the video, keeps the slide on one screen and leaves the arrows to the slides", async ({
    page,
    request,
  }) => {
    const withVideo = (await seededLessonSlideshows(request)).find((show) =>
      show.templates.includes('video'),
    );
    expect(withVideo, 'a seeded lesson with a video slide').toBeDefined();
    const videoSlide = withVideo!.templates.indexOf('video') + 1;
    await logIn(page);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(withVideo!.firstSlidePath.replace(/\/1$/, `/${videoSlide}`));
    const counter = page.getByText(`Slide ${videoSlide} of ${withVideo!.slideCount}`, {
      exact: true,
    });
    await expect(counter).toBeVisible();

    const toggle = page.getByRole('button', { name: /^Transcript/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const words = page.getByRole('region', { name: /^Transcript/ });
    await expect(words.getByText('Teacher: Now your turn!')).toBeVisible();
    await expectNoAxeViolations(page, 'a video slide with its transcript open');

    mkdirSync(SHOTS, { recursive: true });
    for (const size of [
      { width: 1366, height: 768 },
      { width: 1920, height: 1080 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      const fit = await page.evaluate(() => {
        const controls = document
          .querySelector('button[aria-label="Next slide"]')!
          .parentElement!.getBoundingClientRect();
        const panel = document
          .querySelector('[role="region"][aria-label^="Transcript"]')!
          .getBoundingClientRect();
        const film = document.querySelector('main article video')!.getBoundingClientRect();
        return {
          overflowX: document.documentElement.scrollWidth - innerWidth,
          overflowY: document.documentElement.scrollHeight - innerHeight,
          panelTop: panel.top,
          panelBottom: panel.bottom,
          controlsTop: controls.top,
          filmBottom: film.bottom,
        };
      });
      const label = `${size.width}x${size.height}`;
      expect(fit.overflowX, `no sideways scroll at ${label}`).toBeLessThanOrEqual(0);
      if (size.width > 390) {
        // Projected: the slide still fits one screen, and the words sit on it, above the controls.
        expect(fit.overflowY, `the slide fits the screen at ${label}`).toBeLessThanOrEqual(0);
        expect(fit.panelTop, `the transcript is on screen at ${label}`).toBeGreaterThanOrEqual(0);
        expect(
          fit.panelBottom,
          `the transcript is above the controls at ${label}`,
        ).toBeLessThanOrEqual(fit.controlsTop);
        // The player's own controls (play, seek) at the film's foot stay free to use.
        expect(
          fit.panelBottom,
          `the film's controls are not covered at ${label}`,
        ).toBeLessThanOrEqual(fit.filmBottom - 40);
      }
      await words.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/slide-transcript-${label}.png` });
    }

    // The button does not take the slide keys: an arrow still moves to the neighbouring slide.
    await page.setViewportSize({ width: 1366, height: 768 });
    await toggle.focus();
    const [key, neighbour] =
      videoSlide < withVideo!.slideCount
        ? ['ArrowRight', videoSlide + 1]
        : ['ArrowLeft', videoSlide - 1];
    await page.keyboard.press(key);
    await expect(
      page.getByText(`Slide ${neighbour} of ${withVideo!.slideCount}`, { exact: true }),
    ).toBeVisible();
  });

  test('a downloaded lesson plays its video with captions offline, and its transcript opens', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(240_000);
    const withVideo = (await seededLessonSlideshows(request)).find((show) =>
      show.templates.includes('video'),
    );
    expect(withVideo, 'a seeded lesson with a video slide').toBeDefined();
    const videoSlide = withVideo!.templates.indexOf('video') + 1;
    const videoSlidePath = withVideo!.firstSlidePath.replace(/\/1$/, `/${videoSlide}`);
    const lessonPath = withVideo!.firstSlidePath.replace(/\/slides\/.*$/, '');

    await logIn(page);
    await page.goto(lessonPath);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: 'Make available offline' }).click();
    await expect(page.getByText('Available offline', { exact: true }).first()).toBeVisible({
      timeout: 120_000,
    });

    await context.setOffline(true);
    await page.goto(videoSlidePath);
    await page.reload();
    const video = slideMedia(page, 'video').first();
    await expect(video).toBeVisible();
    expect(await captionCues(video)).toContain('[Drum: four steady beats]');
    // The film's words came with the download too.
    await page.getByRole('button', { name: /^Transcript/ }).click();
    await expect(
      page.getByRole('region', { name: /^Transcript/ }).getByText('Teacher: Now your turn!'),
    ).toBeVisible();
    await context.setOffline(false);
  });
});
