import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectPlayableAudio } from './support/audio-player';
import { expect, test } from './support/fixtures';
import { seededLessonSlideshows, type SlideshowToWalk } from './support/seeded-slideshows';
import { logInAsSubscriber } from './support/session';

/**
 * Lesson mode is projected, and a class cannot scroll with a clicker. At projector sizes every
 * seeded slide (sub-slideshows included) must fit the screen: the page does not scroll, and every
 * image, video, frame and audio player is wholly on screen and above the controls. On a phone
 * scrolling is allowed, but nothing may be wider than the screen.
 *
 * One page per size, moving with the keyboard as a teacher's clicker does; the slideshows come
 * from the CMS, so slides added to the seed later are checked too. LESSON_FIT_SHOTS=<folder>
 * also saves a screenshot of the first slide of each template at each size.
 */

type Mode = 'fit' | 'phone';

interface Measure {
  template: string;
  scrollHeight: number;
  scrollWidth: number;
  innerHeight: number;
  innerWidth: number;
  controlsTop: number;
  /** Parts of the page that scroll inside themselves (content taller than their box). */
  scrollingParts: string[];
  media: {
    name: string;
    top: number;
    bottom: number;
    left: number;
    right: number;
    width: number;
  }[];
}

/** Layout is only final once fonts and pictures have arrived: evaluated before any measuring. */
async function layoutSettled() {
  await document.fonts.ready;
  await Promise.all(
    [...document.images].map((image) =>
      image.complete
        ? undefined
        : new Promise((done) => image.addEventListener('load', done, { once: true })),
    ),
  );
}

/** What the screen shows now: the page's size, the controls' top edge and every media box. */
function measureSlide(): Promise<Measure> {
  return (async () => {
    const controls = document.querySelector('button[aria-label="Next slide"]')!.parentElement!;
    // The slides next to this one are drawn ahead, hidden (SlideWindow): only the shown one counts.
    const shown = (element: Element) => element.closest('.slide__body[hidden]') === null;
    const body = document.querySelector('[class*="slide__body--"]:not([hidden])');
    const template = /slide__body--([\w-]+)/.exec(body?.className ?? '')?.[1] ?? 'none';
    const media = [...document.querySelectorAll('main img, main video, main iframe, main audio')]
      .filter(shown)
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name = `${element.tagName.toLowerCase()} "${element.getAttribute('title') ?? element.getAttribute('alt') ?? element.getAttribute('src') ?? ''}"`;
        return {
          name,
          top: box.top,
          bottom: box.bottom,
          left: box.left,
          right: box.right,
          width: box.width,
        };
      });
    const scrollingParts = [...document.querySelectorAll('main *')]
      .filter(
        (element) =>
          shown(element) &&
          ['auto', 'scroll'].includes(getComputedStyle(element).overflowY) &&
          element.scrollHeight > element.clientHeight + 1,
      )
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} (${element.scrollHeight} > ${element.clientHeight})`,
      );
    return {
      template,
      scrollingParts,
      scrollHeight: document.scrollingElement!.scrollHeight,
      scrollWidth: document.scrollingElement!.scrollWidth,
      innerHeight: window.innerHeight,
      innerWidth: window.innerWidth,
      controlsTop: controls.getBoundingClientRect().top,
      media,
    };
  })();
}

/** Why the slide does not fit (empty when it does). Half a pixel of rounding is allowed. */
function problems(measure: Measure, mode: Mode): string[] {
  const found: string[] = [];
  if (measure.scrollWidth > measure.innerWidth)
    found.push(`scrolls sideways (${measure.scrollWidth} > ${measure.innerWidth})`);
  for (const box of measure.media) {
    if (box.left < -0.5 || box.right > measure.innerWidth + 0.5)
      found.push(
        `${box.name} is cut off at the side (${Math.round(box.left)}..${Math.round(box.right)})`,
      );
  }
  if (mode === 'phone') return found;
  if (measure.scrollHeight > measure.innerHeight)
    found.push(`scrolls (${measure.scrollHeight} > ${measure.innerHeight})`);
  for (const part of measure.scrollingParts) found.push(`${part} scrolls inside`);
  for (const box of measure.media) {
    if (box.top < -0.5 || box.bottom > measure.controlsTop + 0.5) {
      found.push(
        `${box.name} is not above the controls (${Math.round(box.top)}..${Math.round(box.bottom)}, controls at ${Math.round(measure.controlsTop)})`,
      );
    }
  }
  return found;
}

const counter = (page: Page) => page.getByText(/^Slide \d+ of \d+$/);

interface Walk {
  page: Page;
  mode: Mode;
  label: string;
  failures: string[];
  checked: { slides: number; failing: number; scrolling: number };
  shots: Set<string>;
}

/** Checks the slide on screen, and saves its screenshot when it is the first of its template. */
async function checkSlide(walk: Walk, where: string) {
  await walk.page.evaluate(layoutSettled);
  const measure = await walk.page.evaluate(measureSlide);
  const found = problems(measure, walk.mode);
  walk.checked.slides += 1;
  if (found.length > 0) walk.checked.failing += 1;
  if (measure.scrollHeight > measure.innerHeight || measure.scrollingParts.length > 0)
    walk.checked.scrolling += 1;
  for (const problem of found) walk.failures.push(`${where} [${measure.template}]: ${problem}`);
  const folder = process.env.LESSON_FIT_SHOTS;
  if (folder && !walk.shots.has(measure.template)) {
    walk.shots.add(measure.template);
    mkdirSync(folder, { recursive: true });
    await walk.page.screenshot({ path: `${folder}/${measure.template}-${walk.label}.png` });
  }
}

/**
 * Walks the slideshow on screen from its first slide with the right arrow key, checking each
 * slide; from a main slide it also opens each 'Instrument options' sub-slideshow once, walks it
 * and comes back.
 */
async function walkSlides(
  walk: Walk,
  title: string,
  count: number,
  visitedSubs: Set<string>,
  isSub = false,
) {
  const { page } = walk;
  for (let number = 1; number <= count; number += 1) {
    await expect(counter(page)).toHaveText(`Slide ${number} of ${count}`);
    const heading = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
    await checkSlide(walk, `${title} › ${number}. ${heading}`);
    if (!isSub) {
      const options = page.getByRole('region', { name: 'Instrument options' }).getByRole('link');
      for (const href of await options.evaluateAll((links) =>
        links.map((link) => link.getAttribute('href') ?? ''),
      )) {
        const subId = decodeURIComponent(href.split('/').pop() ?? '');
        if (visitedSubs.has(subId)) continue;
        visitedSubs.add(subId);
        const option = page
          .getByRole('region', { name: 'Instrument options' })
          .locator(`a[href="${href}"]`);
        const name = (await option.innerText()).trim();
        await option.click();
        await expect(page.getByRole('link', { name: 'Back to the main activity' })).toBeVisible();
        // 'of 0' while the sub-slideshow loads.
        await expect(counter(page)).toHaveText(/^Slide 1 of [1-9]\d*$/);
        const subCount = Number(/of (\d+)$/.exec(await counter(page).innerText())?.[1]);
        await walkSlides(walk, `${title} › ${heading} › ${name}`, subCount, visitedSubs, true);
        await page.getByRole('link', { name: 'Back to the main activity' }).click();
        await expect(counter(page)).toHaveText(`Slide ${number} of ${count}`);
      }
    }
    if (number < count) await page.keyboard.press('ArrowRight');
  }
}

const SIZES: { label: string; viewport: { width: number; height: number }; mode: Mode }[] = [
  { label: '1366x768', viewport: { width: 1366, height: 768 }, mode: 'fit' },
  { label: '1920x1080', viewport: { width: 1920, height: 1080 }, mode: 'fit' },
  { label: '390x844', viewport: { width: 390, height: 844 }, mode: 'phone' },
];

for (const size of SIZES) {
  test.describe(`lesson mode at ${size.label}`, () => {
    test(
      size.mode === 'fit'
        ? 'every seeded slide fits the screen: no scrolling, every media element on screen and above the controls'
        : 'every seeded slide fits the phone’s width (scrolling down allowed)',
      async ({ page }) => {
        test.setTimeout(240_000);
        const slideshows: SlideshowToWalk[] = await seededLessonSlideshows(page.request);
        expect(slideshows.length).toBeGreaterThan(0);
        // Signed in at the default desktop size (the phone menu has its own journey elsewhere).
        await logInAsSubscriber(page);
        await page.setViewportSize(size.viewport);
        const walk: Walk = {
          page,
          mode: size.mode,
          label: size.label,
          failures: [],
          checked: { slides: 0, failing: 0, scrolling: 0 },
          shots: new Set(),
        };
        const visitedSubs = new Set<string>();
        let expected = 0;
        for (const slideshow of slideshows) {
          await page.goto(slideshow.firstSlidePath);
          expected += slideshow.slideCount;
          await walkSlides(walk, slideshow.title, slideshow.slideCount, visitedSubs);
        }
        const { slides, failing, scrolling } = walk.checked;
        const report = `${failing} of ${slides} slides do not fit (${scrolling} scroll); ${expected} main slides and ${visitedSubs.size} sub-slideshows walked`;
        test.info().annotations.push({ type: 'lesson-fit', description: report });
        console.log(`lesson-fit ${size.label}: ${report}`);
        expect(walk.failures, report).toEqual([]);
      },
    );
  });
}

for (const size of [SIZES[0]!, SIZES[2]!]) {
  test(`an audio_and_image slide's player spans its column and plays at ${size.label}`, async ({
    page,
  }) => {
    const slideshows = await seededLessonSlideshows(page.request);
    const slideshow = slideshows.find((candidate) =>
      candidate.templates.includes('audio_and_image'),
    );
    expect(slideshow, 'the seed has an audio_and_image slide').toBeDefined();
    const number = slideshow!.templates.indexOf('audio_and_image') + 1;
    await logInAsSubscriber(page);
    await page.setViewportSize(size.viewport);
    await page.goto(slideshow!.firstSlidePath.replace(/\/1$/, `/${number}`));
    await expect(counter(page)).toHaveText(`Slide ${number} of ${slideshow!.slideCount}`);
    await expectPlayableAudio(page.locator('main audio'));
  });
}

// The slides on either side are drawn ahead so a change only shows one and hides another. Where
// the slide fits the screen they are laid out in the shown slide's place (a change then repaints
// without laying a body out inside its frame), yet nobody sees, hears or reaches them: hidden
// from view and from assistive technology, and never a Tab stop.
test('at 1366x768 the slides drawn ahead take the shown slide’s place, unseen and out of reach', async ({
  page,
}) => {
  const slideshows = await seededLessonSlideshows(page.request);
  const slideshow = slideshows.find((candidate) => candidate.slideCount >= 3);
  expect(slideshow, 'the seed has a slideshow of three slides or more').toBeDefined();
  await logInAsSubscriber(page);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(slideshow!.firstSlidePath.replace(/\/1$/, '/2'));
  await expect(counter(page)).toHaveText(`Slide 2 of ${slideshow!.slideCount}`);
  const drawnAhead = page.locator('main .slide__body[hidden]');
  await expect(drawnAhead).toHaveCount(2);
  for (const body of await drawnAhead.all()) await expect(body).toBeHidden();
  const boxes = await page.evaluate(() =>
    [...document.querySelectorAll('main .slide__body')].map((body) => {
      const { top, left, width, height } = body.getBoundingClientRect();
      return {
        hidden: body.hasAttribute('hidden'),
        visibility: getComputedStyle(body).visibility,
        box: [top, left, width, height].map(Math.round),
      };
    }),
  );
  const shownBox = boxes.find((body) => !body.hidden)!.box;
  expect(shownBox[2]! * shownBox[3]!, 'the shown body has a size').toBeGreaterThan(0);
  for (const body of boxes.filter((entry) => entry.hidden))
    expect(body).toEqual({ hidden: true, visibility: 'hidden', box: shownBox });
  // Tab through the page (its links, the slide's controls, the bars): never into a hidden body.
  for (let stop = 0; stop < 40; stop += 1) {
    await page.keyboard.press('Tab');
    const inHidden = await page.evaluate(
      () => document.activeElement?.closest('.slide__body[hidden]') != null,
    );
    expect(inHidden, `Tab stop ${stop + 1} is inside a slide drawn ahead`).toBe(false);
  }
});

/** What is wrong with the shown slide at a small screen that still fits slides (empty if nothing). */
function smallScreenProblems(): string[] {
  const found: string[] = [];
  const shownPart = (element: Element) => {
    if (element.closest('.slide__body[hidden], .visually-hidden')) return false;
    // Not drawn: hidden, transparent (a flip card's other face), or inside a closed <details>.
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const name = (element: Element) =>
    `${element.tagName.toLowerCase()} "${(element.textContent ?? element.getAttribute('alt') ?? '').trim().slice(0, 30)}"`;
  // The page is only as tall as the lowest thing a person can see on it: a body drawn ahead
  // never makes it scroll.
  let lowest = window.innerHeight;
  for (const element of document.body.querySelectorAll('*')) {
    if (!shownPart(element)) continue;
    lowest = Math.max(lowest, element.getBoundingClientRect().bottom + window.scrollY);
  }
  const pageHeight = document.scrollingElement!.scrollHeight;
  if (pageHeight > Math.ceil(lowest) + 1)
    found.push(`the page is ${pageHeight} px, its content ${Math.ceil(lowest)} px`);
  // What a person reads, plays or presses, and each card: no two overlap.
  const parts = [
    ...document.querySelectorAll(
      'main .slide :is(h1, h2, h3, p, figcaption, summary, img, audio, video, iframe, button, a, li)',
    ),
  ].filter(shownPart);
  const boxes = parts.map((part) => part.getBoundingClientRect());
  for (let a = 0; a < parts.length; a += 1) {
    for (let b = a + 1; b < parts.length; b += 1) {
      if (parts[a]!.contains(parts[b]!) || parts[b]!.contains(parts[a]!)) continue;
      const [one, two] = [boxes[a]!, boxes[b]!];
      const across = Math.min(one.right, two.right) - Math.max(one.left, two.left);
      const down = Math.min(one.bottom, two.bottom) - Math.max(one.top, two.top);
      if (across > 1 && down > 1) found.push(`${name(parts[a]!)} overlaps ${name(parts[b]!)}`);
    }
  }
  // Nothing sticks out of its card, and what is below the screen's edge can be scrolled to.
  const controlsTop = document
    .querySelector('button[aria-label="Next slide"]')!
    .parentElement!.getBoundingClientRect().top;
  parts.forEach((part, index) => {
    const box = boxes[index]!;
    const card = part.parentElement?.closest('.audiocard, .flipcard');
    if (card) {
      const cardBox = card.getBoundingClientRect();
      if (box.top < cardBox.top - 1 || box.bottom > cardBox.bottom + 1)
        found.push(`${name(part)} sticks out of its card`);
    }
    let scroller = part.parentElement;
    while (scroller && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowY))
      scroller = scroller.parentElement;
    if (!scroller && box.bottom > controlsTop + 0.5)
      found.push(`${name(part)} is under the controls and cannot be scrolled to`);
    // A scroller reaches down, never up past where it starts.
    if (scroller && box.top < scroller.getBoundingClientRect().top - scroller.scrollTop - 1)
      found.push(`${name(part)} is above where its slide scrolls from, out of reach`);
  });
  // A picture or video squeezed to nothing is as good as gone.
  for (const media of document.querySelectorAll('main .slide :is(img, video, iframe)')) {
    if (media.closest('.slide__body[hidden]')) continue;
    if (!media.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const { width, height } = media.getBoundingClientRect();
    if (height < 48)
      found.push(
        `${name(media)} is ${Math.round(width)}x${Math.round(height)} px, too small to see`,
      );
  }
  return found;
}

// A small laptop still fits slides to the screen (580x500 and up), and a slide can need more
// height than it gets there: many cards at 800x600, any card slide at 580x500, a player's column
// with its practice tools open. Such a slide scrolls inside itself: its parts keep what they need
// (no picture or video squeezed to nothing), nothing overlaps, is cut off or sits out of reach, and
// no slide drawn ahead makes the page taller than what it shows. Every slide of every seeded
// slideshow, by the arrow keys as a clicker moves; at 800x600 again with every 'Practice' open.
test('at 580x500 and 800x600 a slide that needs more height than it gets scrolls, with nothing overlapping or cut off', async ({
  page,
}) => {
  test.setTimeout(480_000);
  const slideshows = await seededLessonSlideshows(page.request);
  expect(slideshows.length, 'the seed has slideshows').toBeGreaterThan(0);
  await logInAsSubscriber(page);
  const sizes = [
    { width: 580, height: 500 },
    { width: 800, height: 600 },
  ];
  await page.setViewportSize(sizes[0]!);
  const failures: string[] = [];
  for (const slideshow of slideshows) {
    await page.goto(slideshow.firstSlidePath);
    for (let number = 1; number <= slideshow.slideCount; number += 1) {
      await expect(counter(page)).toHaveText(`Slide ${number} of ${slideshow.slideCount}`);
      for (const [size, open] of [
        ...sizes.map((each) => [each, false] as const),
        [sizes[1]!, true] as const,
      ]) {
        await page.setViewportSize(size);
        if (open)
          await page.evaluate(() => {
            for (const details of document.querySelectorAll(
              'main .slide__body:not([hidden]) details',
            ))
              (details as HTMLDetailsElement).open = true;
          });
        await page.evaluate(layoutSettled);
        for (const problem of await page.evaluate(smallScreenProblems))
          failures.push(
            `${slideshow.title} › ${number} at ${size.width}x${size.height}${open ? ', practice open' : ''}: ${problem}`,
          );
      }
      await page.setViewportSize(sizes[0]!);
      if (number < slideshow.slideCount) await page.keyboard.press('ArrowRight');
    }
  }
  expect(failures).toEqual([]);
});
