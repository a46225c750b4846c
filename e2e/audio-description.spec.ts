import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { seededLessonSlideshows } from './support/seeded-slideshows';
import { logInAsSubscriber } from './support/session';

// WCAG 2.2, 1.2.5 Audio Description (Prerecorded): the Samba lesson's films carry WebVTT
// descriptions (seeded); in lesson mode a film's 'Audio description' switch (a toggle button)
// turns its descriptions track on, and each cue's words reach a polite live region that was in
// the page before, without covering the slide. The choice stays on this device. A CPD session's
// film has the same switch. And the Music at Home film shows a poster, not a black box, until it
// plays.

test.describe('audio description in lesson mode', () => {
  test("a Samba film's 'Audio description' reads the film's descriptions into the live region", async ({
    page,
    request,
  }) => {
    const samba = (await seededLessonSlideshows(request)).find(
      (show) => show.title === 'Samba call and response slides',
    );
    expect(samba, 'the seeded Samba warm-up slideshow').toBeDefined();
    const videoSlide = samba!.templates.indexOf('video') + 1;
    expect(videoSlide, 'its video slide').toBeGreaterThan(0);

    await logInAsSubscriber(page);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(samba!.firstSlidePath.replace(/\/1$/, `/${videoSlide}`));
    await expect(
      page.getByText(`Slide ${videoSlide} of ${samba!.slideCount}`, { exact: true }),
    ).toBeVisible();

    const film = page.getByRole('figure', { name: /^Whistle signals/ });
    const video = film.locator('video');
    const toggle = film.getByRole('button', { name: /^Audio description\W+Whistle signals$/ });
    const region = film.locator('[aria-live="polite"]');
    // The live region is in the page, empty, before anything is said.
    await expect(region).toHaveCount(1);
    await expect(region).toHaveText('');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(video.locator('track[kind="descriptions"]')).toHaveAttribute(
      'src',
      /^\/uploads\/.+\.vtt$/,
    );
    await hearDescriptions(
      page,
      { toggle, video, region },
      /The leader stands in front of the band|She points at the surdo players|She crosses her arms/,
    );

    // Nothing covers the slide: the words are for screen readers; the slide still fits the screen.
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight - innerHeight),
    ).toBeLessThanOrEqual(0);
    await expect(region).toHaveClass(/visually-hidden/);
    await expectNoAxeViolations(page, 'a video slide with audio description on');
    // Looked at: the switch beside 'Transcript' on the film's caption line, at both projector sizes.
    await page.screenshot({ path: 'test-results/screenshots/audio-description-1366.png' });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: 'test-results/screenshots/audio-description-1920.png' });
    await page.setViewportSize({ width: 1366, height: 768 });

    // A setting of this device: the next visit starts with it on.
    await page.reload();
    await expect(
      page
        .getByRole('figure', { name: /^Whistle signals/ })
        .getByRole('button', { name: /^Audio description\W+Whistle signals$/ }),
    ).toHaveAttribute('aria-pressed', 'true');
  });
});

test.describe('audio description beyond lesson mode', () => {
  test("a CPD session film's 'Audio description' reads its descriptions into the live region", async ({
    page,
  }) => {
    await logInAsSubscriber(page);
    await page.goto('/cpd/session/confident-conducting');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Confident conducting' }),
    ).toBeVisible();
    const toggle = page.getByRole('button', {
      name: /^Audio description\W+Confident conducting$/,
    });
    const video = page.locator('main video');
    const region = page.locator('main [aria-live="polite"]');
    await expect(region).toHaveCount(1);
    await expect(region).toHaveText('');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await hearDescriptions(
      page,
      { toggle, video, region },
      /raises both hands, palms down|She beats four in the air|the class stops together/,
    );
    await expectNoAxeViolations(page, 'a CPD session film with audio description on');
  });
});

test('the Music at Home film shows a poster that loads until it plays', async ({ page }) => {
  await logInAsSubscriber(page);
  await page.goto('/primary/sound-explorers');
  const film = page.getByRole('region', { name: 'Music at Home' }).locator('video');
  await expect(film).toHaveAttribute('poster', /^\/uploads\/.+\.png$/);
  const poster = await film.evaluate(async (element: HTMLVideoElement) => {
    const image = new Image();
    image.src = element.poster;
    await image.decode();
    return { width: image.naturalWidth, height: image.naturalHeight };
  });
  expect(poster).toEqual({ width: 640, height: 480 });
  await film.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/music-at-home-poster.png' });
});

/**
 * Turns a film's 'Audio description' on by keyboard, as any control, plays the film and hears a
 * cue: the descriptions track is on (hidden: the words are for screen readers) and a cue's words
 * reach the live region that was already there, the same node with its text changed.
 */
async function hearDescriptions(
  page: Page,
  film: { toggle: Locator; video: Locator; region: Locator },
  cue: RegExp,
): Promise<void> {
  const { toggle, video, region } = film;
  const handle = await region.elementHandle();
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(() =>
      video.evaluate(
        (element: HTMLVideoElement) =>
          [...element.textTracks].find((track) => track.kind === 'descriptions')?.mode,
      ),
    )
    .toBe('hidden');
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect(region).toHaveText(cue);
  expect(await region.evaluate((node, before) => node === before, handle)).toBe(true);
}
