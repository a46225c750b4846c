import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { apiLogIn, cmsQuery } from './support/cms-api';
import { DEMO, expect, test } from './support/fixtures';
import { DESKTOP, PHONE } from './support/screenshots';
import { logInAsSubscriber, waitForServiceWorker } from './support/session';

/**
 * Practice controls on every audio player, offline: a downloaded recording practised with the
 * network cut. The Hello Song's full performance is 5 s long (6.7 s at 75 %), so a short loop
 * repeats several times within a few seconds.
 */

type Practice = {
  loopStart: number | null;
  loopEnd: number | null;
  loopOn: boolean;
  tempo: number;
};

const currentTime = (audio: Locator) =>
  audio.evaluate((element: HTMLAudioElement) => element.currentTime);

/** The settings this device keeps for the recording (the player's own storage, keyed by its URL). */
async function storedPractice(page: Page, audio: Locator): Promise<Practice> {
  const src = await audio.getAttribute('src');
  return page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as Practice,
    `practice:${src}`,
  );
}

test('an offline downloaded recording loops between A and B at 75 % with the pitch kept, by keyboard too', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const token = await apiLogIn(page.request, DEMO.subscriber.email);
  const { audioPages } = await cmsQuery<{ audioPages: { documentId: string }[] }>(
    page.request,
    token,
    'query { audioPages(filters: { title: { eq: "Hello Song recordings" } }) { documentId } }',
  );
  await logInAsSubscriber(page);
  await waitForServiceWorker(page);
  await page.goto(`/audiolibrary/page/${audioPages[0]!.documentId}`);
  await page.getByRole('button', { name: 'Make available offline' }).click();
  await expect(page.getByText('Available offline', { exact: true })).toBeVisible({
    timeout: 120_000,
  });

  await context.setOffline(true);
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Hello Song recordings' }),
  ).toBeVisible();
  const player = page.getByRole('figure', { name: 'Full performance' });
  const audio = player.locator('audio');
  const status = player.getByRole('status');
  await player.getByText(/^Practice/).click();

  // Tempo by keyboard from the player itself: [ five times is 75 %, with the pitch kept.
  await audio.focus();
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('[');
  await expect(status).toHaveText('Tempo 75 %');
  await expect(player.getByRole('group', { name: 'Tempo' })).toContainText('Tempo 75 %');
  expect(
    await audio.evaluate((element: HTMLAudioElement) => [
      element.playbackRate,
      element.preservesPitch,
    ]),
  ).toEqual([0.75, true]);

  // Space plays; A and B are set while listening.
  await page.keyboard.press('Space');
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => !element.paused))
    .toBe(true);
  await expect.poll(() => currentTime(audio), { intervals: [50] }).toBeGreaterThan(0.5);
  await player.getByRole('button', { name: /^Set loop start/ }).click();
  const { loopStart } = await storedPractice(page, audio);
  expect(loopStart).toBeGreaterThan(0.5);
  await expect.poll(() => currentTime(audio), { intervals: [50] }).toBeGreaterThan(loopStart! + 1);
  await player.getByRole('button', { name: /^Set loop end/ }).click();
  const { loopEnd: heard } = await storedPractice(page, audio);
  expect(heard).toBeGreaterThan(loopStart! + 1);
  // B nudged a tenth later by keyboard, and the section drawn on the track.
  await player
    .getByRole('button', { name: 'Move the loop end a tenth of a second later' })
    .press('Enter');
  await expect(status).toHaveText(/^Loop end 0:0\d\.\d$/);
  const { loopEnd } = await storedPractice(page, audio);
  expect(Math.abs(loopEnd! - (heard! + 0.1))).toBeLessThan(0.06);

  await audio.focus();
  await page.keyboard.press('l');
  await expect(status).toHaveText(/^Loop on: 0:0\d to 0:0\d$/);
  await expect(player.getByRole('button', { name: 'Loop', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Had the recording ended before B was set, play it again: the loop brings it back to A.
  if (await audio.evaluate((element: HTMLAudioElement) => element.paused))
    await page.keyboard.press('Space');

  // Watch every frame in the page: the playhead goes back to A at least twice, never far past B.
  const watched = await audio.evaluate(
    (element: HTMLAudioElement) =>
      new Promise<{ wraps: number; latest: number; landings: number[] }>((resolve) => {
        let previous = element.currentTime;
        let latest = previous;
        const landings: number[] = [];
        const deadline = performance.now() + 30_000;
        const frame = () => {
          const now = element.currentTime;
          if (now < previous - 0.3) landings.push(now);
          else latest = Math.max(latest, now);
          previous = now;
          if (landings.length >= 2 || performance.now() > deadline)
            resolve({ wraps: landings.length, latest, landings });
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
  expect(watched.wraps, 'times the playhead went back to A').toBeGreaterThanOrEqual(2);
  for (const landing of watched.landings) expect(Math.abs(landing - loopStart!)).toBeLessThan(0.3);
  expect(watched.latest).toBeLessThan(loopEnd! + 0.3);

  // The other shortcuts, each announced once.
  await audio.focus();
  await page.keyboard.press(']');
  await expect(status).toHaveText('Tempo 80 %');
  await page.keyboard.press('[');
  await expect(status).toHaveText('Tempo 75 %');
  await page.keyboard.press('Space');
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(true);
  await expectNoAxeViolations(page, 'an audio player with its practice controls open');

  const shots = process.env.PRACTICE_SHOTS;
  if (shots) {
    mkdirSync(shots, { recursive: true });
    for (const [label, size] of [
      ['desktop', { ...DESKTOP, width: 1440 }],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(size);
      await player.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/practice-${label}.png` });
    }
  }

  // Shown again (still offline), the recording comes back with its settings.
  await page.reload();
  const again = page.getByRole('figure', { name: 'Full performance' });
  await expect(again.getByText(/^Practice/)).toContainText('75 %, loop on');
  await again.getByText(/^Practice/).click();
  await expect(again.getByRole('group', { name: 'Tempo' })).toContainText('Tempo 75 %');
  await expect(again.getByRole('button', { name: 'Loop', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(
    await again.locator('audio').evaluate((element: HTMLAudioElement) => element.playbackRate),
  ).toBe(0.75);
  await again.locator('audio').focus();
  await page.keyboard.press('l');
  await expect(again.getByRole('status')).toHaveText('Loop off');
  await context.setOffline(false);
});
