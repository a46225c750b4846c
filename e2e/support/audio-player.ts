import { expect, type Locator } from '@playwright/test';

/**
 * Checks that a native audio player can be played as a teacher would: it is at least `minWidth`
 * wide, so Chromium draws its play button and timeline (the narrower it is the fewer controls it
 * draws, and at 62 px there is no play button at all), and a click on the play button,
 * the first control at the player's left, starts the recording.
 */
export async function expectPlayableAudio(audio: Locator, minWidth = 250): Promise<void> {
  await expect(audio).toBeVisible();
  const box = (await audio.boundingBox())!;
  expect(box.width, 'the audio player is wide enough to show its controls').toBeGreaterThanOrEqual(
    minWidth,
  );
  await audio.click({ position: { x: 20, y: box.height / 2 } });
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => !element.paused))
    .toBe(true);
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime))
    .toBeGreaterThan(0);
  await audio.evaluate((element: HTMLAudioElement) => element.pause());
}
