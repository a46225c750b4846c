import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { apiLogIn, cmsQuery } from './support/cms-api';
import { DEMO, expect, test } from './support/fixtures';
import { slideCounter } from './support/roles';
import { logInAsSubscriber, waitForServiceWorker } from './support/session';

interface Ids {
  programmes: {
    units: {
      documentId: string;
      title: string;
      lessons: { documentId: string; title: string }[];
    }[];
  }[];
  activityPages: { documentId: string; title: string }[];
}

const IDS = /* GraphQL */ `
  query PresenterViewIds {
    programmes(filters: { slug: { eq: "sound-explorers" } }) {
      units {
        documentId
        title
        lessons {
          documentId
          title
        }
      }
    }
    activityPages(pagination: { limit: 100 }) {
      documentId
      title
    }
  }
`;

/** Lesson 2's 'Rhythm Grid' (5 slides) in lesson mode: the slide path without its number. */
async function rhythmGridPath(page: Page): Promise<string> {
  const token = await apiLogIn(page.request, DEMO.subscriber.email);
  const data = await cmsQuery<Ids>(page.request, token, IDS);
  const unit = data.programmes[0]!.units.find(
    (candidate) => candidate.title === 'Listening and moving',
  )!;
  const lesson = unit.lessons.find(
    (candidate) => candidate.title === 'Lesson 2: Pulse everywhere',
  )!.documentId;
  const activity = data.activityPages.find(
    (candidate) => candidate.title === 'Rhythm Grid',
  )!.documentId;
  return `/primary/sound-explorers/unit/${unit.documentId}/lesson/${lesson}/slides/${activity}`;
}

const SLIDES = 5;

/** On slide `number`: by its address, and by the counter where the window has one. */
async function expectOnSlide(page: Page, base: string, number: number) {
  await expect(page).toHaveURL((url) => url.pathname === `${base}/${number}`);
  // The audience window shows the slide only: no counter there, so its slide's title.
  if (await isAudience(page)) await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  else await expect(slideCounter(page)).toHaveText(`Slide ${number} of ${SLIDES}`);
}

const isAudience = (page: Page) => page.evaluate(() => window.name === 'lesson-mode-audience');

test.describe('presenter view', () => {
  test('presenter and audience windows stay on the same slide offline, blank together and resume after a reopen', async ({
    page,
    context,
  }) => {
    await logInAsSubscriber(page);
    await waitForServiceWorker(page);
    const base = await rhythmGridPath(page);
    // Opened once online: the worker keeps the lesson's answer, as a lesson used before class.
    await page.goto(`${base}/1`);
    await expect(page.getByRole('heading', { level: 1, name: 'Feel the pulse' })).toBeVisible();

    await context.setOffline(true);
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Present on another screen' }).click();
    const audience = await opened;
    await expectOnSlide(audience, base, 1);
    await expect(audience.getByRole('link', { name: 'Exit lesson mode' })).toHaveCount(0);
    // The projected screen shows the slide only: no slide controls, no Full screen button.
    await expect(audience.getByRole('button')).toHaveCount(0);
    await expect(slideCounter(audience)).toHaveCount(0);
    await expect(audience.getByText('Practice')).toBeHidden();
    // The presenter has the lesson's elapsed time and the next slide drawn small.
    await expect(page.getByRole('timer', { name: 'Time since presenting began' })).toHaveText(
      /^\d+:\d\d$/,
    );
    const nextPanel = page.getByRole('region', { name: 'Next slide' });
    await expect(nextPanel.getByRole('paragraph').first()).toHaveText('Two ways to play');
    // Drawn small as well, for the eye only: in the panel, out of the accessibility tree.
    await expect(nextPanel.getByText('Two ways to play')).toHaveCount(2);
    await expect(nextPanel.getByRole('heading', { name: 'Two ways to play' })).toHaveCount(0);
    await expect(
      page.getByRole('region', { name: 'Current slide' }).getByRole('heading', { level: 1 }),
    ).toHaveText('Feel the pulse');
    await expect(page.getByRole('heading', { level: 2, name: 'Teaching notes' })).toBeVisible();
    await expect(page.getByText('Teaching option')).toBeVisible();
    // This slide's own notes, which an editor wrote for it, above the activity's.
    const notes = page.getByRole('region', { name: 'Teaching notes' });
    await expect(notes.getByRole('heading', { level: 3, name: 'On this slide' })).toBeVisible();
    await expect(notes).toContainText('walk on the spot yourself so the class can copy you');
    await expect(audience.getByText('walk on the spot yourself')).toHaveCount(0);

    // 30 presses from either window, clicker and keyboard keys: both follow after each one.
    // (Never past either end here: a clicker there goes on to the next activity, checked below.)
    const keys = [
      'ArrowRight',
      'PageDown',
      'ArrowRight',
      'ArrowLeft',
      'End',
      'PageUp',
      'Home',
      'ArrowRight',
      'ArrowRight',
      'ArrowLeft',
    ];
    let expected = 1;
    for (let press = 0; press < 30; press += 1) {
      const key = keys[press % keys.length]!;
      const from = press % 2 === 0 ? page : audience;
      await from.keyboard.press(key);
      if (key === 'ArrowRight' || key === 'PageDown') expected = Math.min(SLIDES, expected + 1);
      if (key === 'ArrowLeft' || key === 'PageUp') expected = Math.max(1, expected - 1);
      if (key === 'Home') expected = 1;
      if (key === 'End') expected = SLIDES;
      await expectOnSlide(page, base, expected);
      await expectOnSlide(audience, base, expected);
      await expect(
        page
          .getByRole('navigation', { name: 'Slides in Rhythm Grid' })
          .getByRole('button', { name: new RegExp(`^${expected}\\. `) }),
      ).toHaveAttribute('aria-current', 'step');
    }

    // At the activity's last slide the presenter's 'Next slide' names the next activity's first,
    // and a clicker's next goes there in both windows; its previous comes back.
    await page.keyboard.press('End');
    await expectOnSlide(page, base, SLIDES);
    const nextTitle = (
      await page
        .getByRole('region', { name: 'Next slide' })
        .getByRole('paragraph')
        .first()
        .textContent()
    )?.trim();
    expect(nextTitle).toBeTruthy();
    expect(nextTitle).not.toBe('End of the lesson');
    await audience.keyboard.press('PageDown');
    for (const window of [page, audience]) {
      await expect(window).toHaveURL(
        (url) => url.pathname.endsWith('/1') && !url.pathname.startsWith(base),
      );
      await expect(window.getByRole('heading', { level: 1 })).toHaveText(nextTitle!);
    }
    await page.keyboard.press('PageUp');
    await expectOnSlide(page, base, SLIDES);
    await expectOnSlide(audience, base, SLIDES);
    expected = SLIDES;

    // B on the presenter's slide blanks the audience screen; B in the audience window unblanks it.
    await page
      .getByRole('region', { name: 'Current slide' })
      .getByRole('heading', { level: 1 })
      .click();
    await page.keyboard.press('b');
    await expect(
      page.getByRole('status').filter({ hasText: 'Audience screen blanked' }),
    ).toBeVisible();
    await expect(audience.getByRole('img', { name: 'Screen blanked' })).toBeVisible();
    await expectNoAxeViolations(page, 'the presenter view, audience blanked');
    await audience.getByRole('img', { name: 'Screen blanked' }).click();
    await audience.keyboard.press('B');
    await expect(audience.getByRole('img', { name: 'Screen blanked' })).toHaveCount(0);
    await expect(
      page.getByRole('status').filter({ hasText: 'Showing the current slide' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Blank audience screen' }).click();
    await expect(audience.getByRole('img', { name: 'Screen blanked' })).toBeVisible();
    await page.getByRole('button', { name: 'Blank audience screen' }).click();
    await expect(audience.getByRole('img', { name: 'Screen blanked' })).toHaveCount(0);

    // The audience window closed: the presenter view still moves; reopened, it shows this slide.
    await audience.close();
    await page.getByRole('button', { name: 'Previous slide' }).click();
    expected = Math.max(1, expected - 1);
    await expectOnSlide(page, base, expected);
    const reopened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Reopen audience screen' }).click();
    const again = await reopened;
    await expectOnSlide(again, base, expected);
    await again.keyboard.press('Home');
    await expectOnSlide(page, base, 1);

    // Everything the teacher needs on one 1366x768 screen: the slide, the next one, the notes
    // and both clocks, without scrolling the page or the teacher's column.
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.screenshot({ path: 'test-results/screenshots/presenter-view-1366.png' });
    for (const name of ['Next slide', 'Teaching notes', 'Activity timer']) {
      const box = await page.getByRole('heading', { level: 2, name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.y + box!.height, `${name} within the screen`).toBeLessThanOrEqual(768);
    }
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: 'test-results/screenshots/presenter-view-1920.png' });
    await again.setViewportSize({ width: 1366, height: 768 });
    await again.screenshot({ path: 'test-results/screenshots/audience-screen-1366.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({
      path: 'test-results/screenshots/presenter-view-phone.png',
      fullPage: true,
    });
    await context.setOffline(false);
  });
});
