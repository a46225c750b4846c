import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogIn } from './support/cms-api';
import { newestLoggedLink } from './support/cms-log';
import { DEMO, expect, test } from './support/fixtures';
import { screenshotBothSizes } from './support/screenshots';
import { logInThroughPanel, openLoginPanel } from './support/session';

// An invited teacher's 'Confirm your e-mail address' link opens the app's /account/confirm page:
// it confirms once, joins the teacher to the school's subscription and says so in words. A second
// visit (a double click, a school's mail scanner) says the link is used, never the CMS's JSON.

const PASSWORD = 'sonata1819';
const USED =
  'This confirmation link has already been used or has expired. If you confirmed your address, log in;';
/** The link in the 'Confirm your e-mail address' e-mail. */
const CONFIRM_LINK = /\/account\/confirm\?confirmation=\w+/;
const WELCOME = 'You have joined your school subscription. Welcome aboard!';

const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.school`;

/** The demo owner invites a new address, which registers; returns its newest confirmation link. */
async function invitedAndRegistered(request: APIRequestContext, invitee: string) {
  const owner = await apiLogIn(request, DEMO.subscriber.email, DEMO.subscriber.password);
  const invited = await request.post('/api/member-account/invitation', {
    headers: { Authorization: `Bearer ${owner}` },
    data: { invitee },
  });
  expect(invited.ok(), await invited.text()).toBe(true);
  const newestLink = () => newestLoggedLink(CONFIRM_LINK);
  const before = newestLink();
  const registered = await request.post('/api/auth/local/register', {
    data: {
      email: invitee,
      username: invitee,
      password: PASSWORD,
      user_profile_data: { first_name: 'Ada', last_name: 'Lovelace' },
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const { jwt } = (await registered.json()) as { jwt: string };
  expect(await roleOf(request, jwt)).toBe('authenticated');

  await expect.poll(() => newestLink() !== null && newestLink() !== before).toBe(true);
  return { link: newestLink()!, jwt };
}

/** A trial teacher nobody invited, who asks for a confirmation e-mail; returns its link. */
async function uninvitedWithLink(request: APIRequestContext, email: string) {
  const registered = await request.post('/api/auth/local/register', {
    data: {
      email,
      username: email,
      password: PASSWORD,
      user_profile_data: { first_name: 'Grace', last_name: 'Hopper' },
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const newestLink = () => newestLoggedLink(CONFIRM_LINK);
  const before = newestLink();
  const asked = await request.post('/api/auth/send-email-confirmation', { data: { email } });
  expect(asked.ok(), await asked.text()).toBe(true);
  await expect.poll(() => newestLink() !== null && newestLink() !== before).toBe(true);
  return newestLink()!;
}

async function roleOf(request: APIRequestContext, jwt: string) {
  const me = await request.get('/api/users/me?populate=role', {
    headers: { Authorization: `Bearer ${jwt}` },
  });
  expect(me.ok()).toBe(true);
  return ((await me.json()) as { role: { type: string } }).role.type;
}

async function expectUsedLink(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: USED })).toBeVisible();
  await expect(page.getByText(USED)).toBeFocused();
  await expect(page.locator('body')).not.toContainText('Invalid token');
  await expect(page.locator('body')).not.toContainText('"error"');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your e-mail address');
}

test.describe('the e-mail confirmation link', () => {
  test('confirms a signed-out teacher once, then says a second visit or a wrong code is used', async ({
    browser,
    page,
    request,
  }) => {
    const invitee = uniqueEmail('confirm-out');
    const { link, jwt } = await invitedAndRegistered(request, invitee);

    await page.goto(link);
    await expect(page).toHaveTitle(/Confirm your e-mail address/);
    const joined = `${invitee} is confirmed and has joined the school subscription. Log in as ${invitee} to carry on.`;
    await expect(page.getByRole('status').filter({ hasText: joined })).toBeVisible();
    await expect(page.getByText(joined)).toBeFocused();
    expect(await roleOf(request, jwt)).toBe('active_subscriber');
    await screenshotBothSizes(page, 'confirm-email-confirmed');

    await page.getByRole('main').getByRole('button', { name: 'Log In' }).click();
    await logInThroughPanel(page, invitee, PASSWORD);
    await expect(page).toHaveURL(/\/welcome\/new_invitation$/);
    await expect(page.getByText(WELCOME)).toBeVisible();

    // The same link again, signed in (a double click, a mail scanner that opened it first).
    await page.goto(link);
    await expect(
      page.getByRole('status').filter({
        hasText:
          'This confirmation link has already been used, and your account has a school subscription: there is nothing more to do.',
      }),
    ).toBeVisible();

    // Signed out, on another browser: a used or unknown code is said plainly, a damaged one too.
    const elsewhere = await browser.newContext();
    const other = await elsewhere.newPage();
    await other.goto(link);
    await expectUsedLink(other);
    await screenshotBothSizes(other, 'confirm-email-used');
    await other.goto(`/account/confirm?confirmation=${'f'.repeat(40)}`);
    await expectUsedLink(other);
    await other.goto('/account/confirm?confirmation=0123456789abcdef');
    await expect(
      other
        .getByRole('status')
        .filter({ hasText: 'This confirmation link is incomplete or damaged' }),
    ).toBeVisible();
    await other.goto('/account/confirm');
    await expect(
      other.getByRole('status').filter({ hasText: 'This confirmation link is incomplete' }),
    ).toBeVisible();
    await elsewhere.close();
  });

  test('takes a signed-in teacher to the greeting with the role of a subscriber', async ({
    page,
    request,
  }) => {
    const invitee = uniqueEmail('confirm-in');
    const { link, jwt } = await invitedAndRegistered(request, invitee);

    // Confirmation is not needed to sign in: the teacher is using a trial account already.
    await page.goto('/');
    await openLoginPanel(page);
    await logInThroughPanel(page, invitee, PASSWORD);

    await page.goto(link);
    await expect(page).toHaveURL(/\/welcome\/new_invitation$/);
    await expect(page.getByText(WELCOME)).toBeVisible();
    expect(await roleOf(request, jwt)).toBe('active_subscriber');
    // The app read the new role: the session it keeps says subscriber, without a reload.
    await expect
      .poll(() => page.evaluate(() => JSON.stringify(Object.values(localStorage))))
      .toContain('active_subscriber');
  });

  test('a link opened where someone else is logged in greets nobody: it says whose address joined', async ({
    page,
    request,
  }) => {
    const invitee = uniqueEmail('confirm-elsewhere');
    const { link, jwt } = await invitedAndRegistered(request, invitee);
    await page.goto('/');
    await openLoginPanel(page);
    await logInThroughPanel(page, DEMO.subscriber2.email, DEMO.subscriber2.password);

    await page.goto(link);
    await expect(
      page.getByRole('status').filter({
        hasText: `${invitee} is confirmed and has joined the school subscription. You are logged in as ${DEMO.subscriber2.email}: log out, then log in as ${invitee} to use it.`,
      }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/account\/confirm\?/);
    await expect(page.getByText(WELCOME)).toHaveCount(0);
    expect(await roleOf(request, jwt)).toBe('active_subscriber');
  });

  test('a signed-in trial teacher whom nobody invited is told the address is confirmed, never that they joined a subscription', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('confirm-uninvited');
    const link = await uninvitedWithLink(request, email);
    await page.goto('/');
    await openLoginPanel(page);
    await logInThroughPanel(page, email, PASSWORD);

    await page.goto(link);
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /^Your e-mail address is confirmed\. To use a school subscription/ }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/account\/confirm\?/);
    await expect(page.getByText(WELCOME)).toHaveCount(0);
  });

  test('an owner invites a teacher who has an account: "Invitation sent", the teacher’s page says one waits, and its own link joins them', async ({
    browser,
    page,
    request,
  }) => {
    const teacher = uniqueEmail('invite-existing');
    const registered = await request.post('/api/auth/local/register', {
      data: {
        email: teacher,
        username: teacher,
        password: PASSWORD,
        user_profile_data: { first_name: 'Clara', last_name: 'Schumann' },
      },
    });
    expect(registered.ok(), await registered.text()).toBe(true);
    const { jwt } = (await registered.json()) as { jwt: string };

    // The owner invites from the account page and is told it went.
    await page.goto('/');
    await openLoginPanel(page);
    await logInThroughPanel(page, DEMO.subscriber.email, DEMO.subscriber.password);
    await page.goto('/subscribe');
    const members = page.getByRole('region', { name: 'Members' });
    const before = newestLoggedLink(CONFIRM_LINK);
    await members.getByLabel('Invite a colleague by e-mail').fill(teacher);
    await members.getByRole('button', { name: 'Send invitation' }).click();
    await expect(members.getByRole('status')).toHaveText(
      `Invitation sent to ${teacher}. They join when they follow its link.`,
    );
    await expect(members.getByRole('listitem').filter({ hasText: teacher })).toBeVisible();
    await screenshotBothSizes(page, 'members-invitation-sent');

    // The invitation e-mail carries the link itself.
    await expect.poll(() => newestLoggedLink(CONFIRM_LINK)).not.toBe(before);
    const link = newestLoggedLink(CONFIRM_LINK)!;

    // On the teacher's own device, before following it, the account page says one waits.
    const context = await browser.newContext();
    const teacherPage = await context.newPage();
    await teacherPage.goto('/');
    await openLoginPanel(teacherPage);
    await logInThroughPanel(teacherPage, teacher, PASSWORD);
    await teacherPage.goto('/subscribe');
    const trial = teacherPage.getByRole('region', { name: 'Your free trial' });
    await expect(trial).toContainText(
      `An invitation to a school subscription is waiting for ${teacher}. Follow the link in the invitation e-mail to join.`,
    );
    await screenshotBothSizes(teacherPage, 'trial-invitation-waiting');

    await teacherPage.goto(link);
    await expect(teacherPage).toHaveURL(/\/welcome\/new_invitation$/);
    await expect(teacherPage.getByText(WELCOME)).toBeVisible();
    expect(await roleOf(request, jwt)).toBe('active_subscriber');
    await context.close();
  });
});
