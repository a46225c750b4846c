import { expect, type Locator } from '@playwright/test';

/**
 * Checks that a native audio player can be played as a teacher would: it is wide enough for
 * Chromium to draw its play button and timeline (below about 250 px the controls collapse to a
 * menu, and at 62 px there is no play button at all: issue 20), and a click on the play button,
 * the first control at the player's left, starts the recording.
 */
export async function expectPlayableAudio(audio: Locator): Promise<void> {
  await expect(audio).toBeVisible();
  const box = (await audio.boundingBox())!;
  expect(box.width, 'the audio player is wide enough to show its controls').toBeGreaterThanOrEqual(250);
  await audio.click({ position: { x: 20, y: box.height / 2 } });
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => !element.paused)).toBe(true);
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(0);
  await audio.evaluate((element: HTMLAudioElement) => element.pause());
}
