import { expect, test } from './support/fixtures';
import { openLoginPanel } from './support/session';

// The login panel's form loads when the panel is first asked for, not with a visitor's first
// page: opening it still puts focus on its first field, and closing it returns focus to the
// button that opened it.

test('on a first visit, Log In opens the panel with focus on the e-mail field; Escape returns it to Log In', async ({
  page,
}) => {
  const formCode: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/login-form-[\w-]+\.js$/.test(request.url())) formCode.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(formCode, 'the form is not part of the first page').toEqual([]);

  await openLoginPanel(page);
  const dialog = page.getByRole('dialog', { name: /^Log in to/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email address')).toBeFocused();
  expect(formCode).toHaveLength(1);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const logIn = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Log In' });
  await expect(logIn).toBeFocused();

  // Again: the form is already there, and the panel opens the same way.
  await logIn.press('Enter');
  await expect(dialog.getByLabel('Email address')).toBeFocused();
});

test('/login opens the panel by itself with focus on the e-mail field', async ({ page }) => {
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: /^Log in to/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email address')).toBeFocused();
});
