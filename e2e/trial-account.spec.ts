import { DEMO, expect, test } from './support/fixtures';
import { screenshotBothSizes } from './support/screenshots';
import { logInThroughPanel, openLoginPanel } from './support/session';

// A trial teacher is never at a dead end: 'Subscribe now' leads to an account page that says what
// the trial includes, that a school subscription includes every teacher, and how to join one,
// and that can send the confirmation e-mail again.

test("a trial teacher's 'Subscribe now' leads to how to join their school's subscription", async ({
  page,
}) => {
  await page.goto('/primary/sound-explorers');
  await openLoginPanel(page);
  await logInThroughPanel(page, DEMO.trial.email, DEMO.trial.password);
  await page.getByRole('link', { name: /^View unit of work\s?: Listening and moving$/ }).click();
  const subscribe = page
    .getByRole('dialog')
    .filter({ hasText: 'You need an active subscription to access this content.' });
  await subscribe.getByRole('link', { name: 'Subscribe now' }).click();

  await expect(page).toHaveURL(/\/subscribe$/);
  const panel = page.getByRole('region', { name: 'Your free trial' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('A school subscription includes every teacher at the school.');
  await expect(panel).toContainText(`invite ${DEMO.trial.email}`);
  await screenshotBothSizes(page, 'trial-account');

  await panel.getByRole('button', { name: 'Send the e-mail again' }).click();
  await expect(panel.getByRole('status')).toContainText(`Sent to ${DEMO.trial.email}.`);
});

test("a subscriber's account page has no trial panel", async ({ page }) => {
  await page.goto('/');
  await openLoginPanel(page);
  await logInThroughPanel(page, DEMO.subscriber.email, DEMO.subscriber.password);
  await page.goto('/subscribe');
  await expect(page.getByRole('heading', { level: 1, name: 'Account details' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your free trial' })).toHaveCount(0);
});
