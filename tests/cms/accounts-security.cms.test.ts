// @vitest-environment node
import { scratchDir } from '../../scripts/scratch.mjs';
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startCms } from '../../scripts/cms-process.mjs';
import { copySeedTemplate } from '../../scripts/cms-seed-template.mjs';
import { adminLogIn } from './support/admin-api';
import { DEMO, bootTestCms } from './support/test-cms';

// No account can be taken over or blocked: invitation seats, usernames, sessions after a password
// change, the password rule, signing secrets, uniform answers and the sender of the account
// e-mails, against the real CMS on a fresh database. The proxy's X-Forwarded-For is in
// tests/server/forwarded-for.test.ts.

const OWNER = 'subscriber@demo.school';
const SENDER = 'Music Classroom <hello@music-classroom.test>';
// The spec's registration hint, as written there: the oracle for the rule the shared package holds.
const PASSWORD_HINT =
  'Your password must be 6 or more characters and contain a mix of letters and numbers.';

interface Me {
  id: number;
  email: string;
  username: string;
  role: { type: string };
}
interface Account {
  members: { email: string }[];
  invitations: { email: string }[];
}
interface ErrorAnswer {
  error: {
    status: number;
    name: string;
    message: string;
    details?: { errors?: { path: string[]; message: string }[] };
  };
}
interface Email {
  from: string;
  to: string;
  subject: string;
  body: string;
}

// Every bcrypt comparison the CMS makes is written to this file (support/count-bcrypt.mjs).
const BCRYPT_COUNT_DIR = scratchDir('music-classroom-bcrypt-');
const BCRYPT_COUNT_FILE = join(BCRYPT_COUNT_DIR, 'compares.log');
afterAll(() => rmSync(BCRYPT_COUNT_DIR, { recursive: true, force: true }));
const COUNT_BCRYPT = new URL('./support/count-bcrypt.mjs', import.meta.url).href;
// E-mails to addresses starting "held-" never finish sending (support/hold-email.mjs).
const HOLD_EMAIL = new URL('./support/hold-email.mjs', import.meta.url).href;

const cms = bootTestCms('accounts', {
  env: {
    EMAIL_FROM: SENDER,
    BCRYPT_COUNT_FILE,
    HOLD_EMAIL_PREFIX: 'held-',
    NODE_OPTIONS:
      `${process.env.NODE_OPTIONS ?? ''} --import ${COUNT_BCRYPT} --import ${HOLD_EMAIL}`.trim(),
  },
});
const { rest, logIn, graphql } = cms;

const me = async (token: string) => (await rest('/api/users/me', token)).body as Me;
const unique = (label: string) =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.school`;

function registration(email: string, extra: Record<string, unknown> = {}) {
  return rest('/api/auth/local/register', undefined, {
    body: {
      email,
      username: email,
      password: 'sonata1819',
      user_profile_data: { first_name: 'Test', last_name: 'Teacher' },
      ...extra,
    },
  });
}

async function register(email: string, extra: Record<string, unknown> = {}) {
  const { status, body } = await registration(email, extra);
  expect(status, `registration of ${email}: ${JSON.stringify(body)}`).toBe(200);
  return (body as { jwt: string }).jwt;
}

/** Changes the password of an account registered above (its password 'sonata1819'). */
function changePassword(token: string, password = 'nocturne1835') {
  return rest('/api/auth/change-password', token, {
    body: { currentPassword: 'sonata1819', password, passwordConfirmation: password },
  });
}

/** The e-mails the development provider wrote to the CMS log (cms/providers/strapi-provider-email-log). */
function emails(logFile = cms.logFile): Email[] {
  const lines = readFileSync(logFile, 'utf8')
    .split('\n')
    .map((line) => /\[email\] ?(.*)$/.exec(line)?.[1])
    .filter((line): line is string => line !== undefined);
  const found: Email[] = [];
  let current: string[] | null = null;
  for (const line of lines) {
    if (line.startsWith('--- e-mail')) current = [];
    else if (line.startsWith('--- end of e-mail') && current) {
      const field = (name: string) =>
        current!.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2) ?? '';
      found.push({
        from: field('from'),
        to: field('to'),
        subject: field('subject'),
        body: current.slice(4).join('\n'),
      });
      current = null;
    } else current?.push(line);
  }
  return found;
}

const emailsTo = (address: string) => emails().filter((email) => email.to === address);
// The e-mail links to the app's confirm page; this is the CMS route that page calls with its code.
const confirmationLink = (address: string) => {
  const code =
    emailsTo(address)
      .map((email) => /\/account\/confirm\?confirmation=(\w+)/.exec(email.body)?.[1])
      .filter(Boolean)
      .at(-1) ?? null;
  return code ? `/api/auth/email-confirmation?confirmation=${code}` : null;
};
const resetCode = (address: string) =>
  emailsTo(address)
    .map((email) => /reset-password\?code=(\w+)/.exec(email.body)?.[1])
    .filter(Boolean)
    .at(-1) ?? null;

describe('invitation seats', () => {
  it('gives the seat only after the invitee follows the confirmation link sent to the address', async () => {
    const owner = await logIn(OWNER);
    const invitee = unique('invited');
    expect(
      (await rest('/api/member-account/invitation', owner, { body: { invitee } })).status,
    ).toBe(200);

    // Registering the invited address proves nothing: still a trial account, still an invitation.
    const token = await register(invitee);
    expect((await me(token)).role.type).toBe('authenticated');
    const pending = (await rest('/api/member-account', owner)).body as Account;
    expect(pending.members.map((m) => m.email)).not.toContain(invitee);
    expect(pending.invitations.map((i) => i.email)).toContain(invitee);
    // The invitee's own account page may say that an invitation waits, never whose it is.
    const waiting = (await rest('/api/member-account', token)).body as Record<string, unknown>;
    expect(waiting).toEqual({
      isOwner: false,
      owner: null,
      members: [],
      invitations: [],
      invitationWaiting: true,
    });

    // A confirmation link e-mailed to the invited address (the CMS log in development).
    await expect.poll(() => confirmationLink(invitee)).not.toBeNull();
    const followed = await rest(confirmationLink(invitee)!);
    expect(followed.status).toBe(302);
    expect((await me(token)).role.type).toBe('active_subscriber');
    const member = (await rest('/api/member-account', token)).body as Record<string, unknown>;
    expect(member.invitationWaiting).toBe(false);
    const joined = (await rest('/api/member-account', owner)).body as Account;
    expect(joined.members.map((m) => m.email)).toContain(invitee);
    expect(joined.invitations.map((i) => i.email)).not.toContain(invitee);
  });

  it('lets a teacher who already has an account join by confirming the address', async () => {
    const email = unique('existing');
    const token = await register(email);
    const owner = await logIn(OWNER);
    expect(
      (await rest('/api/member-account/invitation', owner, { body: { invitee: email } })).status,
    ).toBe(200);
    expect((await me(token)).role.type).toBe('authenticated');
    await expect.poll(() => confirmationLink(email)).not.toBeNull();
    // The app's confirm page asks for JSON: it is told whose address it was and that it joined.
    const link = confirmationLink(email)!;
    expect(link).toMatch(/confirmation=[0-9a-f]{40}$/);
    const followed = await rest(link, undefined, { headers: { Accept: 'application/json' } });
    expect(followed.status).toBe(200);
    expect(followed.location).toBeNull();
    expect(followed.body).toEqual({ confirmed: true, email, joined: true });
    expect((await me(token)).role.type).toBe('active_subscriber');
  });

  it('greets as a new member only a teacher who joined: an uninvited address is confirmed in words', async () => {
    const email = unique('uninvited');
    const token = await register(email);
    expect(
      (await rest('/api/auth/send-email-confirmation', undefined, { body: { email } })).status,
    ).toBe(200);
    await expect.poll(() => confirmationLink(email)).not.toBeNull();
    const first = confirmationLink(email)!;
    expect(first).toMatch(/confirmation=[0-9a-f]{40}$/);
    // The CMS's own route, opened in a browser: the confirm page's words, not the greeting.
    const opened = await rest(first);
    expect(opened.status).toBe(302);
    expect(opened.location).toBe('http://127.0.0.1:4173/account/confirm?confirmed=1');
    expect((await me(token)).role.type).toBe('authenticated');

    // The app's confirm page, for another uninvited address: confirmed, joined nothing.
    const other = unique('uninvited-app');
    await register(other);
    await rest('/api/auth/send-email-confirmation', undefined, { body: { email: other } });
    await expect.poll(() => confirmationLink(other)).not.toBeNull();
    const asked = await rest(confirmationLink(other)!, undefined, {
      headers: { Accept: 'application/json' },
    });
    expect(asked.body).toEqual({ confirmed: true, email: other, joined: false });
  });
});

describe('usernames', () => {
  it("ignores a chosen username, so a colleague's e-mail can neither block their sign-up nor catch their login", async () => {
    const colleague = unique('colleague');
    const attacker = unique('attacker');
    const attackerToken = await register(attacker, { username: colleague, password: 'attack1234' });
    expect((await me(attackerToken)).username).toBe(attacker);

    const colleagueToken = await register(colleague, { password: 'violin1234' });
    expect((await me(colleagueToken)).email).toBe(colleague);
    expect((await me(await logIn(colleague, 'violin1234'))).email).toBe(colleague);
    const hijack = await rest('/api/auth/local', undefined, {
      body: { identifier: colleague, password: 'attack1234' },
    });
    expect(hijack.status).toBe(400);
  });
});

describe('sessions after a password change', () => {
  it('ends every earlier session when the password is changed, and the new token works', async () => {
    const email = unique('change');
    await register(email);
    const earlier = await logIn(email, 'sonata1819');
    const changed = await changePassword(earlier);
    expect(changed.status).toBe(200);
    expect((await rest('/api/users/me', earlier)).status).toBe(401);
    expect((await rest('/api/users/me', (changed.body as { jwt: string }).jwt)).status).toBe(200);
    expect((await rest('/api/users/me', await logIn(email, 'nocturne1835'))).status).toBe(200);
  });

  it('ends every earlier session when the password is reset through the e-mailed link', async () => {
    const email = unique('reset');
    await register(email);
    const earlier = await logIn(email, 'sonata1819');
    expect((await rest('/api/auth/forgot-password', undefined, { body: { email } })).status).toBe(
      200,
    );
    await expect.poll(() => resetCode(email)).not.toBeNull();
    const code = resetCode(email);
    const reset = await rest('/api/auth/reset-password', undefined, {
      body: { code, password: 'etude1829', passwordConfirmation: 'etude1829' },
    });
    expect(reset.status).toBe(200);
    expect((await rest('/api/users/me', earlier)).status).toBe(401);
    expect((await rest('/api/users/me', (reset.body as { jwt: string }).jwt)).status).toBe(200);
  });
});

/**
 * A POST whose headers go at once and whose body follows once `meanwhile` is done, as a slow or a
 * deliberately held connection sends it: what the CMS answers then.
 */
function heldPost(path: string, token: string, body: string, meanwhile: () => Promise<unknown>) {
  return new Promise<number>((resolve, reject) => {
    const held = request(`${cms.url}${path}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
      },
    });
    held.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    held.on('error', reject);
    held.write(body.slice(0, 3));
    // The CMS has read the headers (and the write budget has looked at the token) by then.
    setTimeout(() => {
      meanwhile().then(() => held.end(body.slice(3)), reject);
    }, 500);
  });
}

describe('a request under way when the session ends', () => {
  it('is judged by the account as it is once its body has arrived, not when its headers did', async () => {
    const email = unique('held');
    await register(email);
    const token = await logIn(email, 'sonata1819');
    const query = JSON.stringify({ query: '{ me { id } }' });
    // The same held request with nothing happening meanwhile is answered: the test can fail.
    expect(await heldPost('/graphql', token, query, async () => undefined)).toBe(200);
    const status = await heldPost('/graphql', token, query, async () => {
      const changed = await changePassword(token);
      expect(changed.status).toBe(200);
    });
    expect(status).toBe(401);
  });
});

describe('signed sessions', () => {
  it('refuses a token it did not sign: another secret, no signature, or a signed one whose account was changed', async () => {
    const email = unique('forged');
    await register(email);
    const token = await logIn(email, 'sonata1819');
    expect((await rest('/api/users/me', token)).status).toBe(200);
    const [header, payload] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { id: number };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const signed = (body: string, secret: string) =>
      `${header}.${body}.${createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url')}`;
    const otherAccount = encode({ ...claims, id: claims.id === 1 ? 2 : 1 });
    const forged = [
      signed(payload, 'not-the-secret'),
      `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      `${header}.${otherAccount}.${token.split('.')[2]}`,
    ];
    for (const bad of forged) {
      expect((await rest('/api/users/me', bad)).status, bad).toBe(401);
      expect(
        (
          await rest('/api/playlist-sync/changes', bad, {
            body: { since: null, activityCards: 'shared' },
          })
        ).status,
        bad,
      ).toBe(401);
    }
  });
});

describe('the password rule', () => {
  it('refuses a password without letters and numbers on register, change and reset alike', async () => {
    const email = unique('rule');
    const refused = await registration(email, { password: 'abcdef' });
    expect(refused.status).toBe(400);
    const token = await register(email);

    const change = await changePassword(token, 'abcdef');
    expect(change.status).toBe(400);
    expect(JSON.stringify(change.body)).toContain(PASSWORD_HINT);

    await rest('/api/auth/forgot-password', undefined, { body: { email } });
    await expect.poll(() => resetCode(email)).not.toBeNull();
    const reset = await rest('/api/auth/reset-password', undefined, {
      body: { code: resetCode(email), password: 'abcdef', passwordConfirmation: 'abcdef' },
    });
    expect(reset.status).toBe(400);
    expect(JSON.stringify(reset.body)).toContain(PASSWORD_HINT);
    // The old password still works; the refused one never did.
    await logIn(email, 'sonata1819');
    expect(
      (
        await rest('/api/auth/local', undefined, {
          body: { identifier: email, password: 'abcdef' },
        })
      ).status,
    ).toBe(400);
  });

  it('leaves no account behind when the profile fails validation', async () => {
    const email = unique('atomic');
    const refused = await registration(email, {
      user_profile_data: { first_name: 'Long', last_name: 'Name', school: 'S'.repeat(300) },
    });
    expect(refused.status).toBe(400);
    expect(
      (refused.body as ErrorAnswer).error.details?.errors?.map((e) => e.path.join('.')),
    ).toContain('user_profile_data.school');
    expect(
      (
        await rest('/api/auth/local', undefined, {
          body: { identifier: email, password: 'sonata1819' },
        })
      ).status,
    ).toBe(400);
    await register(email);
  });
});

describe('uniform answers', () => {
  it('answers send-email-confirmation alike for unknown, unconfirmed and confirmed addresses', async () => {
    const fresh = unique('unconfirmed');
    await register(fresh);
    const answers = await Promise.all(
      [unique('nobody'), fresh, OWNER].map(async (email) => {
        const { status, body } = await rest('/api/auth/send-email-confirmation', undefined, {
          body: { email },
        });
        return { status, body, email };
      }),
    );
    for (const { status, body, email } of answers)
      expect({ status, body }).toEqual({ status: 200, body: { email, sent: true } });
  });

  it('answers a registration with a taken address the same way whatever matched, without saying which', async () => {
    const email = unique('taken');
    await register(email);
    const again = await registration(email);
    const shouted = await registration(`  ${email.toUpperCase()} `);
    expect(again.status).toBe(400);
    expect({ status: shouted.status, body: shouted.body }).toEqual({
      status: again.status,
      body: again.body,
    });
    expect((again.body as ErrorAnswer).error.message).not.toMatch(/username/i);
  });
});

describe('account e-mails', () => {
  it('sends the reset and confirmation e-mails from the configured sender', async () => {
    const email = unique('sender');
    await register(email);
    await rest('/api/auth/forgot-password', undefined, { body: { email } });
    await rest('/api/auth/send-email-confirmation', undefined, { body: { email } });
    await expect.poll(() => [resetCode(email), confirmationLink(email)].every(Boolean)).toBe(true);
    const sent = emailsTo(email);
    expect(sent).toHaveLength(2);
    for (const message of sent) expect(message.from).toBe(SENDER);
  });
});

describe('signing secrets', () => {
  it('refuses to start in production without its secrets, naming them', async () => {
    const productionDir = scratchDir('music-classroom-production-test-');
    try {
      const started = startCms({
        port: await freePort(),
        dataDir: productionDir,
        env: {
          NODE_ENV: 'production',
          CMS_SEED: 'false',
          JWT_SECRET: 'a-real-secret-set-by-the-operator',
        },
      });
      const outcome = await started.then(
        async (running) => {
          await running.stop();
          return 'started';
        },
        (error: Error) => error.message,
      );
      expect(outcome).toMatch(/will not start in production without its secrets/);
      for (const name of [
        'APP_KEYS',
        'ADMIN_JWT_SECRET',
        'API_TOKEN_SALT',
        'TRANSFER_TOKEN_SALT',
        'ENCRYPTION_KEY',
      ])
        expect(outcome).toContain(name);
      // JWT_SECRET was set, so it is not named (ADMIN_JWT_SECRET is).
      expect(outcome).not.toMatch(/[\s,]JWT_SECRET\b/);
    } finally {
      rmSync(productionDir, { recursive: true, force: true });
    }
  });

  it('gives each development install its own random secrets, so a token from one is refused by another', async () => {
    const otherDir = scratchDir('music-classroom-other-install-');
    // The same seeded database, but no secrets.json: the install makes its own, as a new one does.
    await copySeedTemplate(otherDir);
    rmSync(join(otherDir, 'secrets.json'), { force: true });
    const other = await startCms({ port: await freePort(), dataDir: otherDir });
    try {
      const secretsOf = (dir: string) =>
        JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')) as Record<string, string>;
      expect(existsSync(join(cms.dataDir, 'secrets.json'))).toBe(true);
      const ours = secretsOf(cms.dataDir);
      const theirs = secretsOf(otherDir);
      for (const name of [
        'APP_KEYS',
        'JWT_SECRET',
        'ADMIN_JWT_SECRET',
        'API_TOKEN_SALT',
        'TRANSFER_TOKEN_SALT',
        'ENCRYPTION_KEY',
      ]) {
        expect(ours[name]?.length, name).toBeGreaterThanOrEqual(32);
        expect(ours[name], name).not.toBe(theirs[name]);
      }
      // The same seeded account exists in both; only the secret differs.
      const token = await logIn(OWNER);
      expect((await rest('/api/users/me', token)).status).toBe(200);
      expect((await rest('/api/users/me', token, { base: other.url })).status).toBe(401);
    } finally {
      await other.stop();
      rmSync(otherDir, { recursive: true, force: true });
    }
  }, 240_000); // a second CMS boots
});

// ---------------------------------------------------------------------------------------------
// Reset codes, one subscription per teacher, the invitation e-mail, look-alike addresses and
// the work a sign-in does.

const RESET_CODE_GONE =
  'This password reset link has expired or has already been used. Please ask for a new one.';
const ALREADY_SUBSCRIBED = "This teacher already belongs to another school's subscription.";
const INVITATION_SUBJECT = 'You have been invited to join a school subscription on Music Classroom';

let adminToken: string | null = null;
async function asAdmin() {
  adminToken ??= await adminLogIn(rest);
  return adminToken;
}

/** A change an administrator makes to an account in the admin panel. */
async function adminUpdateUser(documentId: string, data: Record<string, unknown>) {
  const answer = await rest(
    `/content-manager/collection-types/plugin::users-permissions.user/${documentId}`,
    await asAdmin(),
    { method: 'PUT', body: data },
  );
  expect(answer.status, `admin update: ${JSON.stringify(answer.body)}`).toBe(200);
}

const documentIdOf = async (token: string) =>
  ((await rest('/api/users/me', token)).body as { documentId: string }).documentId;

/** Asks for a reset e-mail and returns its code once it is in the log (a new one each time). */
async function requestResetCode(email: string) {
  const before = resetCode(email);
  expect((await rest('/api/auth/forgot-password', undefined, { body: { email } })).status).toBe(
    200,
  );
  await expect.poll(() => resetCode(email)).not.toBe(before);
  return resetCode(email)!;
}

const resetWith = (code: string, password = 'rondo2024') =>
  rest('/api/auth/reset-password', undefined, {
    body: { code, password, passwordConfirmation: password },
  });

function expectResetRefused(answer: { status: number; body: unknown }) {
  expect(answer.status).toBe(400);
  expect((answer.body as ErrorAnswer).error.message).toBe(RESET_CODE_GONE);
}

describe('password-reset codes', () => {
  it('a reset code dies when the password is changed, so it can neither reset the account nor end the new sessions', async () => {
    const email = unique('code-change');
    await register(email);
    const code = await requestResetCode(email);
    const changed = await changePassword(await logIn(email, 'sonata1819'));
    expect(changed.status).toBe(200);
    const session = (changed.body as { jwt: string }).jwt;

    expectResetRefused(await resetWith(code));
    expect((await rest('/api/users/me', session)).status).toBe(200);
    await logIn(email, 'nocturne1835');
  });

  it('a reset code dies when it is used, when an administrator sets a password, and on a sign-in with the password', async () => {
    const email = unique('code-paths');
    const documentId = await documentIdOf(await register(email));

    const used = await requestResetCode(email);
    expect((await resetWith(used, 'rondo2024')).status).toBe(200);
    expectResetRefused(await resetWith(used, 'fugue2024'));

    const beforeAdmin = await requestResetCode(email);
    await adminUpdateUser(documentId, { password: 'minuet2024' });
    expectResetRefused(await resetWith(beforeAdmin));

    const beforeSignIn = await requestResetCode(email);
    await logIn(email, 'minuet2024');
    expectResetRefused(await resetWith(beforeSignIn));
    await logIn(email, 'minuet2024');
  });

  it('keeps one live code per account: a new forgot-password request replaces the earlier code', async () => {
    const email = unique('code-one');
    await register(email);
    const first = await requestResetCode(email);
    const second = await requestResetCode(email);
    expectResetRefused(await resetWith(first));
    expect((await resetWith(second)).status).toBe(200);
  });

  it('a reset code expires one hour after it was sent', async () => {
    const email = unique('code-hour');
    const documentId = await documentIdOf(await register(email));
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

    const stale = await requestResetCode(email);
    await adminUpdateUser(documentId, { reset_password_issued_at: minutesAgo(61) });
    expectResetRefused(await resetWith(stale));

    const fresh = await requestResetCode(email);
    await adminUpdateUser(documentId, { reset_password_issued_at: minutesAgo(59) });
    expect((await resetWith(fresh)).status).toBe(200);
    // The issue time is the CMS's own business: never in an answer.
    expect(
      JSON.stringify((await rest('/api/users/me', await logIn(email, 'rondo2024'))).body),
    ).not.toContain('reset_password');
  });
});

describe('one school subscription per teacher', () => {
  /** A second subscription: a new teacher made an active subscriber (as a purchase would). */
  async function secondOwner() {
    const email = unique('owner-b');
    const token = await register(email);
    const subscriberRole = (
      (await rest('/api/users/me', await logIn(OWNER))).body as { role: { id: number } }
    ).role.id;
    await adminUpdateUser(await documentIdOf(token), { role: { set: [{ id: subscriberRole }] } });
    expect((await me(token)).role.type).toBe('active_subscriber');
    // The subscription exists once its owner has opened the members panel.
    expect(((await rest('/api/member-account', token)).body as { isOwner: boolean }).isOwner).toBe(
      true,
    );
    return { email, token };
  }

  const membersOf = async (token: string) =>
    ((await rest('/api/member-account', token)).body as Account).members.map((m) => m.email);

  it("refuses to invite a teacher who already belongs to another school's subscription, and they keep their access", async () => {
    const b = await secondOwner();
    for (const invitee of [DEMO.subscriber2, OWNER]) {
      const answer = await rest('/api/member-account/invitation', b.token, { body: { invitee } });
      expect(answer.status, invitee).toBe(400);
      expect((answer.body as ErrorAnswer).error.message).toBe(ALREADY_SUBSCRIBED);
    }
    expect(((await rest('/api/member-account', b.token)).body as Account).invitations).toEqual([]);
    expect((await me(await logIn(DEMO.subscriber2))).role.type).toBe('active_subscriber');
    expect(await membersOf(await logIn(OWNER))).toContain(DEMO.subscriber2);
  });

  it('removing a member takes away only the access that membership gave', async () => {
    const b = await secondOwner();
    // An administrator lists school A's member in school B as well.
    const memberId = (await me(await logIn(DEMO.subscriber2))).id;
    const admin = await asAdmin();
    const listed = await rest(
      '/content-manager/collection-types/api::member-account.member-account?page=1&pageSize=100',
      admin,
    );
    const ownerId = (await me(b.token)).id;
    const ownersOf = async (documentId: string) =>
      (
        await rest(
          `/content-manager/relations/api::member-account.member-account/${documentId}/owner`,
          admin,
        )
      ).body as { results: { id: number }[] };
    let accountOfB: string | null = null;
    for (const entry of (listed.body as { results: { documentId: string }[] }).results) {
      if ((await ownersOf(entry.documentId)).results?.some((owner) => owner.id === ownerId))
        accountOfB = entry.documentId;
    }
    expect(accountOfB).not.toBeNull();
    const joined = await rest(
      `/content-manager/collection-types/api::member-account.member-account/${accountOfB}`,
      admin,
      {
        method: 'PUT',
        body: { members: { connect: [{ id: memberId }] } },
      },
    );
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(await membersOf(b.token)).toContain(DEMO.subscriber2);

    expect(
      (
        await rest('/api/member-account/remove-member', b.token, {
          body: { member_email: DEMO.subscriber2 },
        })
      ).status,
    ).toBe(200);
    expect((await me(await logIn(DEMO.subscriber2))).role.type).toBe('active_subscriber');
    expect(await membersOf(await logIn(OWNER))).toContain(DEMO.subscriber2);

    // A teacher whose only membership it was goes back to a trial account.
    const only = unique('only-b');
    expect(
      (await rest('/api/member-account/invitation', b.token, { body: { invitee: only } })).status,
    ).toBe(200);
    const onlyToken = await register(only);
    await expect.poll(() => confirmationLink(only)).not.toBeNull();
    await rest(confirmationLink(only)!);
    expect((await me(onlyToken)).role.type).toBe('active_subscriber');
    expect(
      (await rest('/api/member-account/remove-member', b.token, { body: { member_email: only } }))
        .status,
    ).toBe(200);
    expect((await me(onlyToken)).role.type).toBe('authenticated');
  });

  it("a confirmation link joins one subscription only, even when two schools invited the address, and withdraws the other school's invitation", async () => {
    const b = await secondOwner();
    const owner = await logIn(OWNER);
    const invitee = unique('two-schools');
    for (const token of [owner, b.token])
      expect(
        (await rest('/api/member-account/invitation', token, { body: { invitee } })).status,
      ).toBe(200);
    const token = await register(invitee);
    await expect.poll(() => confirmationLink(invitee)).not.toBeNull();
    await rest(confirmationLink(invitee)!);
    const first = confirmationLink(invitee);
    // Joining withdrew the other school's invitation: no members panel lists the address as
    // invited, and asking for another link sends none (nothing is left to join).
    for (const school of [owner, b.token]) {
      const { invitations } = (await rest('/api/member-account', school)).body as Account;
      expect(invitations.map((invitation) => invitation.email)).not.toContain(invitee);
    }
    await rest('/api/auth/send-email-confirmation', undefined, { body: { email: invitee } });
    await new Promise((done) => setTimeout(done, 1_000));
    expect(confirmationLink(invitee)).toBe(first);
    const memberships = [await membersOf(owner), await membersOf(b.token)].filter((members) =>
      members.includes(invitee),
    );
    expect(memberships).toHaveLength(1);
    expect((await me(token)).role.type).toBe('active_subscriber');
  });
});

describe('the invitation e-mail', () => {
  it("carries none of the inviter's profile text (names, HTML, line breaks, links) in its subject or body", async () => {
    const owner = await logIn(OWNER);
    const lure = 'Your school IT team';
    const profile = (first_name: string, last_name: string, school: string) =>
      graphql(
        'mutation P($first_name: String!, $last_name: String!, $school: String) { updateUserProfile(first_name: $first_name, last_name: $last_name, school: $school) { first_name } }',
        owner,
        { first_name, last_name, school },
      );
    const changed = await profile(
      `${lure} <a href="https://evil.example/login">sign in</a>`,
      'Urgent\r\nBcc: everyone@demo.school\r\n\r\nhttps://evil.example/reset',
      `${lure} https://evil.example`,
    );
    expect(changed.errors).toBeUndefined();
    try {
      const invitee = unique('lured');
      expect(
        (await rest('/api/member-account/invitation', owner, { body: { invitee } })).status,
      ).toBe(200);
      await expect.poll(() => emailsTo(invitee).length).toBeGreaterThan(0);
      const [invitation] = emailsTo(invitee);
      expect(invitation!.subject).toBe(INVITATION_SUBJECT);
      for (const raw of [lure, 'evil.example', '<a', 'Bcc:', 'Urgent']) {
        expect(invitation!.subject, raw).not.toContain(raw);
        expect(invitation!.body, raw).not.toContain(raw);
      }
    } finally {
      await profile('Ada', 'Lovelace', 'Hillside Primary');
    }
  });
});

// Characters that show nothing (Unicode's default-ignorable code points) and compatibility forms
// that NFKC folds into plain letters: each makes an address that reads like an existing one.
const INVISIBLE = [
  '\u200b',
  '\u200c',
  '\u200d',
  '\ufeff',
  '\u00ad',
  '\u2060',
  '\u180e',
  '\u034f',
  '\u200e',
  '\u202e',
  '\u2061',
  '\u{e0041}',
];
const fullwidth = (text: string) =>
  text.replace(/[!-~]/g, (c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0));

function lookAlikes(address: string): string[] {
  const at = address.indexOf('@');
  const dot = address.lastIndexOf('.');
  const positions = [0, 1, at, at + 1, dot, address.length];
  const inserted = INVISIBLE.flatMap((mark) =>
    positions.map((position) => address.slice(0, position) + mark + address.slice(position)),
  );
  const [local, domain] = [address.slice(0, at), address.slice(at + 1)];
  const compatibility = [
    fullwidth(address),
    fullwidth(address[0]!) + address.slice(1),
    `${local}\uff20${domain}`, // fullwidth @
    `${local}@${domain.replace('.', '\uff0e')}`, // fullwidth full stop
    `${local}@${domain.replace('.', '\u2024')}`, // one dot leader
    String.fromCodePoint(0x24d0 + address.charCodeAt(0) - 97) + address.slice(1), // circled letter
    String.fromCodePoint(0x1d41a + address.charCodeAt(0) - 97) + address.slice(1), // mathematical bold
    address.toUpperCase(),
    ` ${fullwidth(local)}\u200b@${domain}\u00ad `,
  ];
  return [...inserted, ...compatibility];
}

describe('look-alike addresses', () => {
  const VARIANTS = lookAlikes(DEMO.trial);

  it(`registers no second account for any of ${VARIANTS.length} look-alikes of an existing address`, async () => {
    const registered: string[] = [];
    for (const email of VARIANTS) {
      const { status } = await registration(email);
      if (status === 200) registered.push(JSON.stringify(email));
    }
    expect(registered).toEqual([]);
  });

  it('signs a look-alike in to the one real account, and sends its reset e-mail to the real address', async () => {
    const trialId = (await me(await logIn(DEMO.trial))).id;
    for (const email of VARIANTS.filter((_, index) => index % 6 === 0)) {
      const { status, body } = await rest('/api/auth/local', undefined, {
        body: { identifier: email, password: 'music1234' },
      });
      expect(status, JSON.stringify(email)).toBe(200);
      expect((body as { user: { id: number } }).user.id).toBe(trialId);
    }
    const before = emailsTo(DEMO.trial).length;
    expect(
      (
        await rest('/api/auth/forgot-password', undefined, {
          body: { email: `\u200b${DEMO.trial}` },
        })
      ).status,
    ).toBe(200);
    await expect.poll(() => emailsTo(DEMO.trial).length).toBe(before + 1);
  });

  it("refuses to invite a look-alike of a member's address as someone new", async () => {
    const owner = await logIn(OWNER);
    const invited: string[] = [];
    for (const invitee of lookAlikes(DEMO.subscriber2).filter((_, index) => index % 4 === 0)) {
      const answer = await rest('/api/member-account/invitation', owner, { body: { invitee } });
      if (answer.status === 200) invited.push(JSON.stringify(invitee));
    }
    expect(invited).toEqual([]);
    expect(
      ((await rest('/api/member-account', owner)).body as Account).invitations.map((i) => i.email),
    ).not.toContain(DEMO.subscriber2);
  });
});

describe('the work a sign-in does', () => {
  const compares = () =>
    existsSync(BCRYPT_COUNT_FILE)
      ? readFileSync(BCRYPT_COUNT_FILE, 'utf8').split('\n').filter(Boolean)
      : [];

  async function comparesFor(
    identifier: string,
    password: string,
    over: 'rest' | 'graphql' = 'rest',
  ) {
    const before = compares().length;
    if (over === 'rest')
      await rest('/api/auth/local', undefined, { body: { identifier, password } });
    else
      await graphql(
        'mutation L($input: UsersPermissionsLoginInput!) { login(input: $input) { jwt } }',
        undefined,
        { input: { identifier, password } },
      );
    return compares().slice(before);
  }

  it('compares one bcrypt hash of the same cost whether the address is unknown, known, or blocked, over REST and GraphQL', async () => {
    const blocked = unique('blocked');
    await adminUpdateUser(await documentIdOf(await register(blocked)), { blocked: true });
    const attempts = {
      unknown: await comparesFor(unique('nobody'), 'music1234'),
      'wrong password': await comparesFor(DEMO.trial, 'wrong1234'),
      'right password': await comparesFor(DEMO.trial, 'music1234'),
      blocked: await comparesFor(blocked, 'sonata1819'),
      'unknown, over GraphQL': await comparesFor(unique('nobody'), 'music1234', 'graphql'),
      'known, over GraphQL': await comparesFor(DEMO.trial, 'wrong1234', 'graphql'),
    };
    const realCost = attempts['right password'][0];
    expect(realCost).toMatch(/^compare \d+$/);
    for (const [attempt, made] of Object.entries(attempts))
      expect(made, attempt).toEqual([realCost]);
  });
});

describe('answers that do not wait for an account', () => {
  const held = (address: string) =>
    readFileSync(cms.logFile, 'utf8')
      .split('\n')
      .filter((line) => line.endsWith(`[email] held: ${address}`)).length;
  // A plain fetch with its own deadline: an answer that waits for the held e-mail never comes.
  async function answer(path: string, email: string) {
    const response = await fetch(`${cms.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  it('answers forgot-password and send-email-confirmation before the work a known address needs, which then runs', async () => {
    const known = unique('held');
    const unknown = unique('held');
    await register(known);
    for (const email of [known, unknown]) {
      expect(await answer('/api/auth/forgot-password', email), email).toEqual({
        status: 200,
        body: { ok: true },
      });
      expect(await answer('/api/auth/send-email-confirmation', email), email).toEqual({
        status: 200,
        body: { email, sent: true },
      });
    }
    // The known address's reset and confirmation e-mails were started after their answers.
    await expect.poll(() => held(known)).toBe(2);
    expect(held(unknown)).toBe(0);
  });
});

// Plain ASCII addresses only (cms/src/utils/email-address.js): letters from other scripts that
// look like Latin ones, combining accents, blank symbols that are not default-ignorable, quoted
// local parts, comments and IP-literal domains.
const PLAIN_HINT =
  'Please use an e-mail address made of plain letters and digits, such as name@school.org.uk';
const LOOK_ALIKE_LETTERS: Record<string, string[]> = {
  a: ['\u0430', '\u0251', '\u03b1', '\u1d00'],
  i: ['\u0456', '\u0131', '\u026a', '\u03b9', '\u13a5', '\u04cf'],
  l: ['\u04cf', '\u01c0', '\u0269', '\u1e37'],
  t: ['\u03c4', '\u0442', '\u0167'],
  r: ['\u0433', '\u027e', '\u1d26'],
  o: ['\u043e', '\u03bf', '\u0585', '\u1d0f', '\u00f8'],
  e: ['\u0435', '\u04bd', '\u0454'],
  d: ['\u0501', '\u0257'],
  s: ['\u0455', '\ua731'],
  c: ['\u0441', '\u03f2', '\u1d04'],
  h: ['\u04bb', '\u0570'],
  m: ['\u043c', '\u1d0d'],
};
const COMBINING = ['\u0300', '\u0301', '\u0307', '\u0323', '\u0338', '\u0331'];
// Blank or invisible: U+2800 is not in Default_Ignorable_Code_Point; the Hangul fillers are, and
// NFKC folds the other spaces into a space (only refused inside an address).
const BLANKS = [
  '\u2800',
  '\u3164',
  '\u115f',
  '\u1160',
  '\uffa0',
  '\u00a0',
  '\u202f',
  '\u3000',
  '\u2007',
];
const TAKEN =
  'This email address cannot be used to create a new account. If you already have one, sign in or reset your password.';
/** The fold every address goes through first (cms/src/utils/email-address.js): what folds to the plain address is that account. */
const folded = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFKC')
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
    .trim();

function notPlain(address: string): string[] {
  const at = address.indexOf('@');
  const [local, domain] = [address.slice(0, at), address.slice(at + 1)];
  const swapped = [...address].flatMap((letter, index) =>
    (LOOK_ALIKE_LETTERS[letter] ?? []).map(
      (alike) => address.slice(0, index) + alike + address.slice(index + 1),
    ),
  );
  const combined = COMBINING.flatMap((mark) =>
    [1, at - 1, at + 2, address.length - 1].map(
      (index) => address.slice(0, index + 1) + mark + address.slice(index + 1),
    ),
  );
  const blanked = BLANKS.flatMap((blank) => [
    `${local}${blank}@${domain}`,
    `${blank}${address}`,
    `${local}@${domain}${blank}`,
    `${local.slice(0, 2)}${blank}${local.slice(2)}@${domain}`,
  ]);
  const forms = [
    `"${local}"@${domain}`,
    `"${local} "@${domain}`,
    `"${address}"@${domain}`,
    '"https://evil.example/claim?seat=free"@x.test',
    '"<b>hi</b>"@x.test',
    `${local}(school)@${domain}`,
    `(school)${address}`,
    `${address}(school)`,
    `${local}@(school)${domain}`,
    `${local}@[127.0.0.1]`,
    `${local}@[IPv6:::1]`,
    `${local}@127.0.0.1`,
    `Trial <${address}>`,
    `<${address}>`,
    `.${address}`,
    `${local}.@${domain}`,
    `${local.slice(0, 2)}..${local.slice(2)}@${domain}`,
    `${local}@${domain.replace('.', '..')}`,
    `${local}@-${domain}`,
    `${local}@${domain}.`,
    `${local.slice(0, 2)}\\${local.slice(2)}@${domain}`,
    `${local}\u00df@${domain}`,
    `${local}@${domain.replace('.', '\u3002')}x`,
  ];
  return [...swapped, ...combined, ...blanked, ...forms];
}

describe('plain addresses only', () => {
  const ALL = notPlain(DEMO.trial);
  // Those that fold into the address itself name its account; the rest must name none.
  const CORPUS = ALL.filter((address) => folded(address) !== DEMO.trial);
  const PLAIN = [
    'name@school.org.uk',
    'first.last+music@demo-school.test',
    "o'brien@x.test",
    'a_b-c@sub.domain.test',
    'x@xn--bcher-kva.example',
    'Mixed.Case@Demo.School',
  ];
  const fresh = (address: string) =>
    address.replace('@', `-${Date.now()}-${Math.floor(Math.random() * 1e6)}@`);

  it(`registers none of ${ALL.length} addresses that are not plain ASCII, with a message a person can act on`, async () => {
    const registered: string[] = [];
    const unexplained: string[] = [];
    for (const email of ALL) {
      const { status, body } = await registration(email);
      if (status === 200) registered.push(JSON.stringify(email));
      const error = (body as ErrorAnswer).error;
      const messages = [
        error?.message,
        ...(error?.details?.errors
          ?.filter((e) => e.path.join('.') === 'email')
          .map((e) => e.message) ?? []),
      ];
      const expected = CORPUS.includes(email)
        ? [PLAIN_HINT, 'Please enter a valid email address']
        : [TAKEN];
      if (!messages.some((m) => m !== undefined && expected.includes(m)))
        unexplained.push(`${JSON.stringify(email)}: ${JSON.stringify(messages)}`);
    }
    console.info(
      `addresses that are not plain ASCII: tried ${ALL.length} (${CORPUS.length} not folding into the account's), registered wrongly ${registered.length}`,
    );
    expect(registered).toEqual([]);
    expect(unexplained).toEqual([]);
    expect(
      ((await registration('"trial"@demo.school')).body as ErrorAnswer).error.details?.errors?.[0]
        ?.message,
    ).toBe(PLAIN_HINT);
  });

  it('invites none of them, and no inviter text reaches an e-mail', async () => {
    const owner = await logIn(OWNER);
    const invited: string[] = [];
    for (const invitee of CORPUS) {
      const answer = await rest('/api/member-account/invitation', owner, { body: { invitee } });
      if (answer.status === 200) invited.push(JSON.stringify(invitee));
    }
    expect(invited).toEqual([]);
    expect(
      emails().filter((email) => /evil\.example|<b>/.test(`${email.to} ${email.body}`)),
    ).toEqual([]);
  });

  it('finds no account for them at sign-in or forgot-password, and sends nothing', async () => {
    const before = emails().length;
    for (const email of CORPUS.filter((_, index) => index % 5 === 0)) {
      const signIn = await rest('/api/auth/local', undefined, {
        body: { identifier: email, password: 'music1234' },
      });
      expect(signIn.status, JSON.stringify(email)).toBe(400);
      const forgot = await rest('/api/auth/forgot-password', undefined, { body: { email } });
      if (forgot.status === 200) expect(forgot.body).toEqual({ ok: true });
    }
    // Long enough for any e-mail started after the answers to reach the log.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(emails().length).toBe(before);
  });

  it('refuses such an address as a change to an account, and keeps the plain one', async () => {
    const email = unique('change');
    const documentId = await documentIdOf(await register(email));
    for (const changed of CORPUS.filter((_, index) => index % 7 === 0)) {
      const answer = await rest(
        `/content-manager/collection-types/plugin::users-permissions.user/${documentId}`,
        await asAdmin(),
        { method: 'PUT', body: { email: changed } },
      );
      expect(answer.status, JSON.stringify(changed)).toBe(400);
    }
    await logIn(email, 'sonata1819');
  });

  it('still registers, signs in and invites every plain address', async () => {
    const owner = await logIn(OWNER);
    for (const address of PLAIN) {
      const email = fresh(address);
      await register(email);
      await logIn(email, 'sonata1819');
      const invitee = fresh(address);
      expect(
        (await rest('/api/member-account/invitation', owner, { body: { invitee } })).status,
        invitee,
      ).toBe(200);
    }
  });
});
