import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { apiLogIn, cmsQuery, newTeacherWithPlaylist } from './support/cms-api';
import { newestLoggedLink } from './support/cms-log';
import { DEMO, expect, test } from './support/fixtures';
import { screenshotBothSizes } from './support/screenshots';
import { logInThroughPanel, openLoginPanel } from './support/session';

// A playlist's lesson lists every activity it holds and says why one cannot be shown: a trial
// teacher is told each needs a subscription (never "This lesson has no slides yet."), and an
// activity without slides is marked so, with a link to its page, instead of dropping out.

const PASSWORD = 'sonata1819';
const SUBSCRIPTION_NEEDED = 'You need an active subscription to access this content.';
const NO_SLIDES = 'No slides: this activity has nothing to show in lesson mode.';

/** An activity's card on the overview, by its heading. */
const card = (page: Page, title: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function startLesson(page: Page, email: string, playlist: string) {
  await page.goto('/');
  await openLoginPanel(page);
  await logInThroughPanel(page, email, PASSWORD);
  await page.goto('/playlists');
  await page.getByRole('link', { name: new RegExp(`^View Playlist\\s?: ${playlist}$`) }).click();
  await page.getByRole('link', { name: 'Start Lesson' }).click();
  await expect(page.getByRole('heading', { level: 1, name: playlist })).toBeVisible();
}

/** The school's owner invites `email`, which has an account; its invitation link joins it. */
async function joinSchool(request: APIRequestContext, email: string) {
  const owner = await apiLogIn(request, DEMO.subscriber.email, DEMO.subscriber.password);
  const link = /\/account\/confirm\?confirmation=\w+/;
  const before = newestLoggedLink(link);
  const invited = await request.post('/api/member-account/invitation', {
    headers: { Authorization: `Bearer ${owner}` },
    data: { invitee: email },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  await expect.poll(() => newestLoggedLink(link)).not.toBe(before);
  const code = new URL(newestLoggedLink(link)!, 'http://app').searchParams.get('confirmation');
  const confirmed = await request.get(`/api/auth/email-confirmation?confirmation=${code}`, {
    maxRedirects: 0,
  });
  expect(confirmed.status()).toBe(302);
}

test("a trial teacher's playlist lesson says each activity needs a subscription, and where to get one", async ({
  page,
}) => {
  const playlist = 'Trial warm-ups';
  const { email, titles } = await newTeacherWithPlaylist(page.request, {
    label: 'trial-lesson',
    password: PASSWORD,
    playlist,
  });
  await startLesson(page, email, playlist);

  await expect(page.getByText('This lesson has no slides yet.')).toHaveCount(0);
  // Said once above the cards, and on each card with the way to subscribe.
  await expect(page.getByText(SUBSCRIPTION_NEEDED, { exact: true })).toHaveCount(titles.length + 1);
  for (const title of titles) {
    const activity = card(page, title);
    await expect(activity).toContainText(SUBSCRIPTION_NEEDED);
    await expect(activity.getByRole('link', { name: 'Subscribe now' })).toHaveAttribute(
      'href',
      '/subscribe',
    );
  }
  await expectNoAxeViolations(page, "a trial teacher's playlist lesson");
  await screenshotBothSizes(page, 'playlist-lesson-subscription-needed');
});

test('a playlist lesson lists an activity without slides, marked so, with a link to its page', async ({
  page,
}) => {
  const playlist = 'Mixed warm-ups';
  const { email, token } = await newTeacherWithPlaylist(page.request, {
    label: 'no-slides',
    password: PASSWORD,
    playlist: 'Unused',
  });
  await joinSchool(page.request, email);

  // One activity with slides and one without, as the CMS has them.
  const { activityPages } = await cmsQuery<{
    activityPages: {
      documentId: string;
      title: string;
      activity_slideshow: { activity_slides: unknown[] } | null;
    }[];
  }>(
    page.request,
    token,
    'query ActivitySlides { activityPages(pagination: { limit: 100 }, sort: "title:asc") { documentId title activity_slideshow { activity_slides { __typename } } } }',
  );
  const slideCount = (activity: (typeof activityPages)[number]) =>
    activity.activity_slideshow?.activity_slides.length ?? 0;
  const withSlides = activityPages.find((activity) => slideCount(activity) > 0)!;
  const without = activityPages.find((activity) => slideCount(activity) === 0)!;
  expect(withSlides, 'a seeded activity with slides').toBeTruthy();
  expect(without, 'a seeded activity without slides').toBeTruthy();
  await cmsQuery(
    page.request,
    token,
    'mutation CreatePlaylist($data: PlaylistInput!) { createPlaylist(data: $data) { documentId } }',
    {
      data: {
        title: playlist,
        playlist_item: [without, withSlides].map((activity, index) => ({
          __typename: 'ComponentPlaylistsActivity',
          title: activity.title,
          item: activity.documentId,
          context_path: `/primary/activities/-/${activity.documentId}`,
          playlist_order: index,
        })),
      },
    },
  );

  await startLesson(page, email, playlist);
  const missing = card(page, without.title);
  await expect(missing).toContainText(NO_SLIDES);
  await expect(missing.getByRole('link', { name: 'Open the activity page' })).toHaveAttribute(
    'href',
    `/primary/activities/-/${without.documentId}`,
  );
  // The class starts at the activity that has slides, numbered as the playlist lists it.
  await expect(
    card(page, withSlides.title).getByRole('link', { name: 'Get started' }),
  ).toHaveAttribute('href', /\/slides\/2\/1$/);
  await expectNoAxeViolations(page, 'a playlist lesson with an activity without slides');
  await screenshotBothSizes(page, 'playlist-lesson-no-slides');
});
