import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { accessibleNames, slideCounter, slideMedia } from './roles';

/**
 * Every image on the slide has really loaded, every audio element can play, every video seeks.
 * Only the slide shown: the slides next to it are drawn ahead, hidden, and checked in their turn.
 */
export async function expectSlideMediaLoaded(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.images]
          .filter(
            (image) =>
              !image.closest('[hidden]') &&
              (image.loading !== 'lazy' || image.getBoundingClientRect().top < innerHeight),
          )
          .every((image) => image.complete && image.naturalWidth > 0),
      ),
    )
    .toBe(true);
  const audio = slideMedia(page, 'audio');
  for (let i = 0; i < (await audio.count()); i += 1) {
    await audio.nth(i).evaluate((element: HTMLAudioElement) => {
      element.preload = 'auto';
      element.load();
    });
    await expect
      .poll(() => audio.nth(i).evaluate((element: HTMLAudioElement) => element.readyState))
      .toBeGreaterThanOrEqual(2);
  }
  // Uploaded video seeks offline (the worker answers range requests from the stored file).
  const video = slideMedia(page, 'video');
  for (let i = 0; i < (await video.count()); i += 1) {
    const seeked = await video.nth(i).evaluate(
      (element: HTMLVideoElement) =>
        new Promise<boolean>((resolve) => {
          const seek = () => {
            element.addEventListener('seeked', () => resolve(true), { once: true });
            element.currentTime = Math.min(1, (element.duration || 2) / 2);
          };
          setTimeout(() => resolve(false), 10_000);
          element.preload = 'auto';
          if (element.readyState >= 1) seek();
          else {
            element.addEventListener('loadedmetadata', seek, { once: true });
            element.load();
          }
        }),
    );
    expect(seeked, 'video seeks offline').toBe(true);
  }
}

/**
 * From the first slide of lesson mode, every slide of every activity in turn (ArrowRight, then
 * 'Next' to the following activity), checking each slide's media; returns how many slides it saw
 * and the activities it went through (their titles in lesson mode's bar, in order).
 */
export async function walkLesson(page: Page): Promise<{ slides: number; activities: string[] }> {
  let slides = 0;
  const activities: string[] = [];
  const counter = slideCounter(page);
  for (let guard = 0; guard < 80; guard += 1) {
    await expect(counter).toBeVisible();
    await expectSlideMediaLoaded(page);
    slides += 1;
    const text = (await counter.textContent()) ?? '';
    const [current, total] = (text.match(/(\d+) of (\d+)/) ?? []).slice(1).map(Number);
    if (current === 1) activities.push(await activityTitle(page));
    if (current !== undefined && total !== undefined && current < total) {
      await page.keyboard.press('ArrowRight');
      await expect(counter).not.toHaveText(text);
      continue;
    }
    const nextActivity = page
      .getByRole('link', { name: /^Next/ })
      .or(page.getByRole('button', { name: /^Next$/ }));
    if ((await nextActivity.count()) === 0) break;
    await nextActivity.first().click();
  }
  return { slides, activities };
}

/** The activity lesson mode is showing: the slide area is a region named by the bar's activity title. */
async function activityTitle(page: Page): Promise<string> {
  const stage = page
    .getByRole('main')
    .getByRole('region')
    // The region holding the slide article (a slide's transcript is a region too, inside it).
    .filter({ has: page.getByRole('article') });
  const [title] = await accessibleNames(stage, 'region');
  expect(title, 'the slide area is named by its activity').toBeTruthy();
  return title!;
}

export async function stepThroughEverySlide(page: Page): Promise<number> {
  return (await walkLesson(page)).slides;
}
