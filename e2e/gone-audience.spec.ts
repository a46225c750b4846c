import { cmsQuery, newTeacherWithPlaylist } from './support/cms-api';
import { signInAsEditor } from './support/cms-editor';
import { expect, test } from './support/fixtures';
import { logInThroughPanel, openLoginPanel, waitForServiceWorker } from './support/session';

// An edit made offline may name an audience an editor deletes before the edit reaches the CMS.
// That never blocks the playlist's other edits: the rename reaches the CMS, the playlist keeps no
// audience, the teacher is told so in plain words (never the CMS's own message), and the audience
// picker stops offering the audience once the app has asked the CMS again.

const PASSWORD = 'sonata2207';
const PLAYLIST = 'Monday warm-ups';
const RENAMED = 'Monday warm-ups, renamed';
const AUDIENCE = 'api::audience.audience';

test('a deleted audience in an offline edit: the rename is saved, the playlist has no audience, and the teacher is told why', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const suffix = `${Date.now()}`.slice(-6);
  const audienceTitle = `Temp ${suffix}`;
  const editor = await signInAsEditor(page.request);
  const temp = await editor.create(AUDIENCE, {
    title: audienceTitle,
    slug: `temp-${suffix}`,
    order: 99,
  });
  let deleted = false;
  try {
    const teacher = await newTeacherWithPlaylist(page.request, {
      label: 'gone-audience',
      password: PASSWORD,
      playlist: PLAYLIST,
    });

    await page.goto('/');
    await openLoginPanel(page);
    await logInThroughPanel(page, teacher.email, PASSWORD);
    await waitForServiceWorker(page);
    await page.goto('/playlists');
    await page.getByRole('link', { name: new RegExp(`^View Playlist\\s?: ${PLAYLIST}$`) }).click();
    await expect(page.getByRole('heading', { name: PLAYLIST, level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible({
      timeout: 30_000,
    });

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Edit playlist details' }).click();
    const details = page.getByRole('dialog', { name: 'Playlist details' });
    await details.getByLabel('Playlist name').fill(RENAMED);
    await details.getByLabel('Audience').selectOption({ label: audienceTitle });
    await details.getByRole('button', { name: 'Save Playlist' }).click();
    await expect(details).toBeHidden();
    await expect(page.getByRole('heading', { name: RENAMED, level: 1 })).toBeVisible();

    // Meanwhile an editor deletes the audience.
    await editor.remove(AUDIENCE, temp);
    deleted = true;

    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      page.getByText(
        `The audience “${audienceTitle}” no longer exists, so “${RENAMED}” has no audience now.`,
      ),
    ).toBeVisible();
    await expect(page.getByText(/not found|Document with id/)).toHaveCount(0);
    // The site's navigation, which lists the audiences, no longer offers it either.
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByText(audienceTitle),
    ).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('after-sync.png') });

    const { playlists } = await cmsQuery<{
      playlists: { title: string; audience: { documentId: string } | null }[];
    }>(page.request, teacher.token, 'query { playlists { title audience { documentId } } }');
    expect(playlists).toEqual([{ title: RENAMED, audience: null }]);

    // The picker no longer offers the deleted audience, and shows that none is chosen.
    await page.getByRole('button', { name: 'Edit playlist details' }).click();
    const again = page.getByRole('dialog', { name: 'Playlist details' });
    await expect
      .poll(async () =>
        (await again.getByLabel('Audience').locator('option').allTextContents()).includes(
          audienceTitle,
        ),
      )
      .toBe(false);
    await expect(again.getByLabel('Audience')).toHaveValue('');
  } finally {
    if (!deleted) await editor.remove(AUDIENCE, temp);
  }
});
