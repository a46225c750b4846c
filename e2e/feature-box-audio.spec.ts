import { expectPlayableAudio } from './support/audio-player';
import { expect, test } from './support/fixtures';
import { screenshotBothSizes } from './support/screenshots';

/**
 * Spec part 2, "Landing pages": "An audio player shows if audio is attached". The seed attaches
 * the audio page 'The Firebird' to the 'The Firebird set work' card of Key Stage 5, and to the
 * live home's 'Firebird listening guide'.
 */
test.describe('feature box audio', () => {
  test('a landing page card with audio attached shows a player that plays', async ({ page }) => {
    await page.goto('/secondary/KS5');
    await expect(page.getByRole('heading', { level: 1, name: 'Key Stage 5' })).toBeVisible();
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'The Firebird set work' }) });
    const audio = card.locator('audio');
    await expect(audio).toHaveCount(1);
    await expect(card.getByText('Finale theme')).toBeVisible();
    // The player spans the card (a card is about 256 px wide at 1280 px).
    const cardWidth = (await card.boundingBox())!.width;
    await expectPlayableAudio(audio, cardWidth * 0.75);
    // A card without audio has no player.
    const other = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Score study pack' }) });
    await expect(other).toBeVisible();
    await expect(other.locator('audio')).toHaveCount(0);
    await screenshotBothSizes(page, 'landing-card-audio');
  });

  test('an audience page card with audio attached shows a player that plays', async ({ page }) => {
    await page.goto('/live');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Firebird listening guide' }) });
    await expectPlayableAudio(card.locator('audio'), (await card.boundingBox())!.width * 0.75);
  });
});
