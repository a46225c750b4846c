import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { apiLogIn, cmsQuery } from './support/cms-api';
import { DEMO, expect, test } from './support/fixtures';
import { currentSlide, slideCounter, slideMedia } from './support/roles';
import { screenshotBothSizes } from './support/screenshots';
import { logInAsSubscriber, tabTo, waitForServiceWorker } from './support/session';

interface Ids {
  programmes: {
    units: {
      documentId: string;
      title: string;
      lessons: { documentId: string; title: string }[];
    }[];
  }[];
  activityPages: { documentId: string; title: string }[];
  activitySections: { documentId: string; title: string }[];
  customSchemes: { documentId: string }[];
}

const IDS = /* GraphQL */ `
  query LessonModeIds {
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
    activitySections(pagination: { limit: 100 }) {
      documentId
      title
    }
    customSchemes {
      documentId
    }
  }
`;

/** The seeded documents lesson mode opens, found by title (ids differ on every fresh seed). */
async function seededIds(page: Page) {
  const token = await apiLogIn(page.request, DEMO.subscriber.email);
  const data = await cmsQuery<Ids>(page.request, token, IDS);
  const unit = data.programmes[0]!.units.find(
    (candidate) => candidate.title === 'Listening and moving',
  )!;
  const lesson = (title: string) =>
    unit.lessons.find((candidate) => candidate.title === title)!.documentId;
  const activity = (title: string) =>
    data.activityPages.find((candidate) => candidate.title === title)!.documentId;
  const section = (title: string) =>
    data.activitySections.find((candidate) => candidate.title === title)!.documentId;
  return {
    unit: unit.documentId,
    pulseLesson: lesson('Lesson 2: Pulse everywhere'),
    storiesLesson: lesson('Lesson 3: Stories in sound'),
    activity,
    section,
    customUnit: data.customSchemes[0]!.documentId,
  };
}

async function expectSlide(page: Page, title: string, counter?: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`${title} (Lesson mode)`);
  if (counter) await expect(slideCounter(page)).toHaveText(counter);
}

test.describe('lesson mode', () => {
  test('runs a seeded lesson by keyboard only: overview, templates, sub-slideshows and both activity ends', async ({
    page,
  }) => {
    await logInAsSubscriber(page);
    const ids = await seededIds(page);
    const base = `/primary/sound-explorers/unit/${ids.unit}/lesson/${ids.pulseLesson}/slides`;
    await page.goto(base);

    // Overview: 'March Like a Soldier' has no slides, so it is hidden.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Lesson 2: Pulse everywhere' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Lesson 2: Pulse everywhere (Lesson mode)');
    const cards = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText('Rhythm Grid');
    await expect(cards.nth(0)).toContainText('5 slides');
    await expect(cards.nth(1)).toContainText('Be the Conductor');
    await expect(cards.nth(1).getByRole('link', { name: 'Skip to this activity' })).toBeVisible();
    await expect(page.getByText('March Like a Soldier')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Exit lesson mode' })).toHaveAttribute(
      'href',
      `/primary/sound-explorers/unit/${ids.unit}/lesson/${ids.pulseLesson}`,
    );
    await expect(page.getByRole('link', { name: 'Lesson overview' })).toHaveAttribute('href', base);
    await expectNoAxeViolations(page, 'the overview');
    await screenshotBothSizes(page, 'lesson-mode-overview');

    await tabTo(page, page.getByRole('link', { name: 'Get started' }));
    await page.keyboard.press('Enter');
    await expectSlide(page, 'Feel the pulse', 'Slide 1 of 5');
    await expect(slideMedia(page, 'audio')).toHaveCount(1);
    await expectNoAxeViolations(page, 'the audio template');
    // No wrap-around and no previous activity before the first one.
    await page.keyboard.press('ArrowLeft');
    await expectSlide(page, 'Feel the pulse');
    await expect(page.getByRole('button', { name: 'Previous', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Previous slide' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    // Audio stops when the slide changes.
    const audio = await slideMedia(page, 'audio').elementHandle();
    await page.evaluate(
      (element) => (element as HTMLAudioElement).play().catch(() => undefined),
      audio,
    );
    await page.keyboard.press('ArrowRight');
    await expectSlide(page, 'Two ways to play', 'Slide 2 of 5');
    expect(await page.evaluate((element) => (element as HTMLAudioElement).paused, audio)).toBe(
      true,
    );
    await expect(slideMedia(page, 'video')).toHaveCount(2);
    await expectNoAxeViolations(page, 'the two_videos template');

    await page.keyboard.press('ArrowRight');
    await expectSlide(page, 'Flip the cards', 'Slide 3 of 5');
    // The next slide's images are already on their way.
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .some((entry) => entry.name.includes('icon_trumpet')),
        ),
      )
      .toBe(true);
    const card = page.getByRole('button', { name: /Ta ta ti-ti ta/ });
    await tabTo(page, card);
    await page.keyboard.press('Enter');
    await expect(card).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Space');
    await expect(card).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('Enter');
    await expect(card).toHaveAttribute('aria-pressed', 'true');
    await expectNoAxeViolations(page, 'the flipcards template');
    await screenshotBothSizes(page, 'lesson-mode-flipcards');

    await page.keyboard.press('ArrowRight');
    await expectSlide(page, 'Which instrument?', 'Slide 4 of 5');
    await expect(currentSlide(page).getByRole('listitem')).toHaveCount(4);
    await expectNoAxeViolations(page, 'the audiocards template');
    await screenshotBothSizes(page, 'lesson-mode-audiocards');
    // Flip cards show their fronts again after the slide changed.
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('button', { name: /Ta ta ti-ti ta/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    await page.keyboard.press('End');
    await expectSlide(page, 'Choose your instrument', 'Slide 5 of 5');
    await expect(page.getByRole('heading', { level: 2, name: 'Instrument options' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^(Violins|Drums|Voices)$/ })).toHaveCount(3);
    await expectNoAxeViolations(page, 'the sub_slide_buttons template');
    await page.keyboard.press('ArrowRight');
    await expectSlide(page, 'Choose your instrument', 'Slide 5 of 5');

    // A sub-slideshow, and back to the main activity.
    await tabTo(page, page.getByRole('link', { name: 'Drums' }));
    await page.keyboard.press('Enter');
    await expectSlide(page, 'Drum: find the pulse', 'Slide 1 of 2');
    await expect(page.getByRole('link', { name: 'Back to the main activity' })).toBeVisible();
    await expectNoAxeViolations(page, 'a sub-slideshow');
    await screenshotBothSizes(page, 'lesson-mode-sub-slideshow');
    await page.keyboard.press('ArrowRight');
    await expectSlide(page, 'Drum: watch and copy', 'Slide 2 of 2');
    await page.keyboard.press('ArrowRight');
    await expectSlide(page, 'Drum: watch and copy', 'Slide 2 of 2');
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toHaveCount(0);
    await tabTo(page, page.getByRole('link', { name: 'Back to the main activity' }));
    await page.keyboard.press('Enter');
    await expectSlide(page, 'Choose your instrument', 'Slide 5 of 5');

    // 'Next' at the last slide goes to the next activity; focus lands on the new slide.
    await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
    await page.keyboard.press('Enter');
    await expectSlide(page, 'Welcome to the Hello Song', 'Slide 1 of 4');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect(slideMedia(page, 'img')).toHaveCount(1);
    await expectNoAxeViolations(page, 'the image template');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expectSlide(page, 'Watch the actions', 'Slide 3 of 4');
    await expect(slideMedia(page, 'video')).toHaveCount(1);
    await expectNoAxeViolations(page, 'the video template');
    await page.keyboard.press('End');
    await expectSlide(page, 'Sing along', 'Slide 4 of 4');
    await expectNoAxeViolations(page, 'the audio_and_image template');
    // The last activity's last slide: nowhere further to go.
    await page.keyboard.press('ArrowRight');
    await expectSlide(page, 'Sing along', 'Slide 4 of 4');
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toHaveCount(0);

    // Reload, Back and Forward land on the same slides.
    await page.reload();
    await expectSlide(page, 'Sing along', 'Slide 4 of 4');
    await page.goBack();
    await expectSlide(page, 'Watch the actions', 'Slide 3 of 4');
    await page.goForward();
    await expectSlide(page, 'Sing along', 'Slide 4 of 4');

    // 'Previous' at the first slide goes to the previous activity's last slide.
    await page.keyboard.press('Home');
    await expectSlide(page, 'Welcome to the Hello Song', 'Slide 1 of 4');
    await tabTo(page, page.getByRole('button', { name: 'Previous', exact: true }));
    await page.keyboard.press('Enter');
    await expectSlide(page, 'Choose your instrument', 'Slide 5 of 5');

    // Ctrl+Shift+F toggles full screen; F alone does nothing (WCAG 2.1.4).
    await page.keyboard.press('f');
    await expect(page.getByRole('button', { name: 'Full screen' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await page.keyboard.press('Control+Shift+F');
    await expect(page.getByRole('button', { name: 'Full screen' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.keyboard.press('Control+Shift+F');
    await expect(page.getByRole('button', { name: 'Full screen' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  test('shows sections, two columns, all, the instruments layout and leaves out slides not for the lesson', async ({
    page,
  }) => {
    await logInAsSubscriber(page);
    const ids = await seededIds(page);
    const base = `/primary/sound-explorers/unit/${ids.unit}/lesson/${ids.storiesLesson}/slides`;
    await page.goto(base);
    await expect(page.getByRole('heading', { level: 2, name: 'Listen' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Create' })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 3, name: 'Peter and the Wolf Characters' }),
    ).toBeVisible();
    await expect(page.getByText('11 slides')).toBeVisible();
    await expectNoAxeViolations(page, 'an overview with sections');

    await tabTo(page, page.getByRole('link', { name: 'Get started' }));
    await page.keyboard.press('Enter');
    await expectSlide(page, 'Meet the Firebird', 'Slide 1 of 4');
    await page.keyboard.press('ArrowRight');
    await expectSlide(page, 'Listening map', 'Slide 2 of 4');
    await expect(page.getByRole('heading', { level: 2, name: 'What you hear' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'What you see' })).toBeVisible();
    await expectNoAxeViolations(page, 'the two_columns template');
    await screenshotBothSizes(page, 'lesson-mode-two-columns');

    await page.keyboard.press('ArrowRight');
    await expectSlide(page, 'Everything together', 'Slide 3 of 4');
    await expect(page.getByText('Which instruments play the theme?')).toBeVisible();
    await expect(slideMedia(page, 'video')).toHaveCount(2);
    await expectNoAxeViolations(page, 'the all template');

    await page.keyboard.press('ArrowRight');
    await expectSlide(page, 'Play along', 'Slide 4 of 4');
    await expect(page.getByRole('heading', { level: 2, name: 'Activity audio' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Instrument options' })).toBeVisible();
    await expectNoAxeViolations(page, 'the video_audio_instruments layout');
    await screenshotBothSizes(page, 'lesson-mode-instruments');
    await tabTo(page, page.getByRole('link', { name: 'Violin part' }));
    await page.keyboard.press('Enter');
    await expectSlide(page, 'Violin: hold and bow', 'Slide 1 of 2');
    await tabTo(page, page.getByRole('link', { name: 'Back to the main activity' }));
    await page.keyboard.press('Enter');
    await expectSlide(page, 'Play along', 'Slide 4 of 4');

    await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
    await page.keyboard.press('Enter');
    await expectSlide(page, 'Composing step 1', 'Slide 1 of 11');
    // Step 10 is not for the lesson: step 11 follows step 9.
    await page.keyboard.press('End');
    await expectSlide(page, 'Composing step 12', 'Slide 11 of 11');
    await page.keyboard.press('ArrowLeft');
    await expectSlide(page, 'Composing step 11', 'Slide 10 of 11');
    await page.keyboard.press('ArrowLeft');
    await expectSlide(page, 'Composing step 9', 'Slide 9 of 11');

    // A swipe on a touch screen moves too.
    // On the slide, as a finger would: the swipe is the slide area's, the touch lands on the slide.
    const stage = currentSlide(page);
    await stage.dispatchEvent('pointerdown', {
      pointerType: 'touch',
      pointerId: 7,
      clientX: 700,
      clientY: 300,
      isPrimary: true,
    });
    await stage.dispatchEvent('pointerup', {
      pointerType: 'touch',
      pointerId: 7,
      clientX: 400,
      clientY: 310,
      isPrimary: true,
    });
    await expectSlide(page, 'Composing step 11', 'Slide 10 of 11');

    // A bad slide number shows slide 1; an unknown activity says so.
    await page.goto(`${base}/${ids.activity('Class Composition')}/99`);
    await expectSlide(page, 'Composing step 1', 'Slide 1 of 11');
    await page.goto(`${base}/not-an-activity`);
    await expect(
      page.getByText(/This activity is not part of Lesson 3: Stories in sound/),
    ).toBeVisible();
  });

  test('opens one activity from every other route family, with the way back to its page', async ({
    page,
  }) => {
    await logInAsSubscriber(page);
    const ids = await seededIds(page);
    const rhythm = ids.activity('Rhythm Grid');
    const families: [string, string][] = [
      [
        `/primary/sound-explorers/unit/${ids.unit}/lesson/${ids.pulseLesson}/activity/${rhythm}`,
        'Feel the pulse',
      ],
      [
        `/live/orchestra-live/the-firebird/activity/${ids.activity('Listening: The Firebird')}`,
        'Meet the Firebird',
      ],
      [
        `/secondary/ks-3/project/sound-of-the-city/activity/${ids.activity('Graphic Scores')}`,
        'Composing step 1',
      ],
      [
        `/primary/sound-explorers/activities/${ids.section('Rhythm games')}/${rhythm}`,
        'Feel the pulse',
      ],
      [
        `/primary/activities/${ids.section('Warm-ups')}/${ids.activity('Hello Song')}`,
        'Welcome to the Hello Song',
      ],
    ];
    for (const [activityPath, firstSlide] of families) {
      await page.goto(`${activityPath}/slides`);
      await expectSlide(page, firstSlide, undefined);
      await expect(page.getByRole('link', { name: 'Exit lesson mode' })).toHaveAttribute(
        'href',
        activityPath,
      );
      // One activity: no overview, and no neighbouring activity.
      await expect(page.getByRole('link', { name: 'Lesson overview' })).toHaveCount(0);
      await page.keyboard.press('End');
      await expect(page.getByRole('button', { name: 'Next', exact: true })).toHaveCount(0);
      await page.keyboard.press('Home');
      await expectSlide(page, firstSlide, /^Slide 1 of \d+$/);
    }
    await page.goto(
      `/primary/sound-explorers/activities/${ids.section('Rhythm games')}/${rhythm}/slides/2`,
    );
    await expectSlide(page, 'Two ways to play', 'Slide 2 of 5');

    // A custom unit's lesson: the plan's activities and the pool of the unit's strands.
    await page.goto(`/custom-unit/${ids.customUnit}/lesson/2/slides`);
    await expect(page.getByRole('heading', { level: 1, name: 'Singing and pulse' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Hello Song' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Echo Clapping' })).toHaveCount(0);
    await tabTo(page, page.getByRole('link', { name: 'Get started' }));
    await page.keyboard.press('Enter');
    await expectSlide(page, 'Welcome to the Hello Song', 'Slide 1 of 4');
  });

  test('plays a playlist: activities with slides and an audio item as one slide', async ({
    page,
  }) => {
    await logInAsSubscriber(page);
    // The sync engine brings the seeded playlist onto the device.
    await page.goto('/playlists');
    await expect(page.getByRole('heading', { name: 'Monday morning warm-ups' })).toBeVisible();
    await page.goto('/playlists/seed-subscriber-playlist/slides');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Monday morning warm-ups' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Exit lesson mode' })).toHaveAttribute(
      'href',
      '/playlists/seed-subscriber-playlist',
    );
    const cards = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect(cards.filter({ hasText: 'Hello Song' }).first()).toContainText('4 slides');
    const audioCard = cards.filter({ hasText: '1 slide' });
    await expect(audioCard).toHaveCount(1);
    await expectNoAxeViolations(page, 'a playlist overview');

    await tabTo(page, audioCard.getByRole('link'));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Slide 1 of 1', { exact: true })).toBeVisible();
    await expect(slideMedia(page, 'audio')).toHaveCount(1);
    await expect(page).toHaveURL(/\/playlists\/seed-subscriber-playlist\/slides\/2\/1$/);
    await expectNoAxeViolations(page, 'a playlist audio slide');
    // The audio item is last, after the activity: 'Previous' goes to the activity's last slide.
    await tabTo(page, page.getByRole('button', { name: 'Previous', exact: true }));
    await page.keyboard.press('Enter');
    await expectSlide(page, 'Sing along', 'Slide 4 of 4');
  });

  test('offline, a playlist lists an activity whose slides are not on the device, with the reason and where to get it', async ({
    page,
    context,
  }) => {
    await logInAsSubscriber(page);
    await waitForServiceWorker(page);
    // The playlist reaches the device; its activity's slides never do (nothing opened them).
    await page.goto('/playlists');
    await expect(page.getByRole('heading', { name: 'Monday morning warm-ups' })).toBeVisible();

    await context.setOffline(true);
    await page.goto('/playlists/seed-subscriber-playlist/slides');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Monday morning warm-ups' }),
    ).toBeVisible();
    const card = (title: string) =>
      page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
    const missing = card('Hello Song');
    await expect(missing).toContainText(
      'Not available offline: its slides are not saved on this device.',
    );
    await expect(
      missing.getByRole('link', { name: 'Open the playlist to make it available offline' }),
    ).toHaveAttribute('href', '/playlists/seed-subscriber-playlist');
    // The audio item still plays, keeping its number in the playlist.
    const audioCard = page.getByRole('listitem').filter({ hasText: '1 slide' });
    await expect(audioCard.getByRole('link', { name: 'Get started' })).toHaveAttribute(
      'href',
      '/playlists/seed-subscriber-playlist/slides/2/1',
    );
    await expect(page.getByText('This lesson has no slides yet.')).toHaveCount(0);
    await expectNoAxeViolations(
      page,
      'a playlist overview offline with an activity not on the device',
    );
    await context.setOffline(false);
  });
});
