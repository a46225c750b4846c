// @vitest-environment node
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// The confirmation e-mail links to the app's /account/confirm page. Strapi's default text and the
// texts this project wrote before are replaced at every start; a text an administrator wrote stays.

const require = createRequire(import.meta.url);
const { configureAccountEmails } = require('../../cms/src/bootstrap/account-security.js') as {
  configureAccountEmails: (strapi: unknown, options: { appUrl: string }) => Promise<void>;
};

const APP = 'https://classroom.example';
const STRAPI_DEFAULT = `<p>Thank you for registering!</p>

<p>You have to confirm your email address. Please click on the link below.</p>

<p><%= URL %>?confirmation=<%= CODE %></p>

<p>Thanks.</p>`;
const PREVIOUS = `<p>Please confirm that this is your e-mail address for Music Classroom by following this link:</p>
<p><%= URL %>?confirmation=<%= CODE %></p>
<p>If a school invited you to its subscription, you join it when you confirm.</p>`;

/** A users-permissions plugin store holding `message` as the confirmation template. */
function fakeStrapi(message: string) {
  const values: Record<string, unknown> = {
    email: {
      email_confirmation: { options: { from: { name: '', email: '' }, object: 'Hi', message } },
      reset_password: { options: { from: { name: '', email: '' }, message: 'reset' } },
    },
    advanced: { email_confirmation: true },
  };
  const store = {
    get: async ({ key }: { key: string }) => structuredClone(values[key]),
    set: async ({ key, value }: { key: string; value: unknown }) => {
      values[key] = value;
    },
  };
  return {
    strapi: { store: () => store },
    confirmation: () =>
      (values.email as { email_confirmation: { options: { message: string } } }).email_confirmation
        .options.message,
    advanced: () => values.advanced as Record<string, unknown>,
  };
}

describe('the confirmation e-mail', () => {
  it.each([
    ["Strapi's default text", STRAPI_DEFAULT],
    ['our previous text, which linked to the CMS route', PREVIOUS],
  ])('replaces %s with a link to the app page', async (_, stored) => {
    const fake = fakeStrapi(stored);
    await configureAccountEmails(fake.strapi, { appUrl: `${APP}/` });
    expect(fake.confirmation()).toContain(`<p>${APP}/account/confirm?confirmation=<%= CODE %></p>`);
    expect(fake.confirmation()).not.toContain('<%= URL %>');
    expect(fake.advanced()).toEqual({
      email_confirmation: true,
      email_confirmation_redirection: `${APP}/welcome/new_invitation`,
    });
  });

  it('follows a new app address, and keeps a text an administrator wrote', async () => {
    const fake = fakeStrapi(PREVIOUS);
    await configureAccountEmails(fake.strapi, { appUrl: 'http://old.example' });
    await configureAccountEmails(fake.strapi, { appUrl: APP });
    expect(fake.confirmation()).toContain(`${APP}/account/confirm?confirmation=`);
    expect(fake.confirmation()).not.toContain('old.example');

    const own =
      '<p>Welcome to Northfield music! Confirm here: <%= URL %>?confirmation=<%= CODE %></p>';
    const admin = fakeStrapi(own);
    await configureAccountEmails(admin.strapi, { appUrl: APP });
    expect(admin.confirmation()).toBe(own);
  });
});
