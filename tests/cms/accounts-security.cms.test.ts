// @vitest-environment node
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, startCms } from '../../scripts/cms-process.mjs';
import { bootTestCms } from './support/test-cms';

// Issue 17, "Accounts could be taken over or blocked": invitation seats, usernames, sessions
// after a password change, the password rule, signing secrets, uniform answers and the sender of
// the account e-mails, against the real CMS on a fresh database. The proxy's X-Forwarded-For is
// in tests/server/forwarded-for.test.ts.

const OWNER = 'subscriber@demo.school';
const SENDER = 'Music Classroom <hello@music-classroom.test>';
const PASSWORD_HINT = 'Your password must be 6 or more characters and contain a mix of letters and numbers.';

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
  error: { status: number; name: string; message: string; details?: { errors?: { path: string[]; message: string }[] } };
}
interface Email {
  from: string;
  to: string;
  subject: string;
  body: string;
}

const cms = bootTestCms('accounts', { env: { EMAIL_FROM: SENDER } });
const { rest, logIn } = cms;

const me = async (token: string) => (await rest('/api/users/me', token)).body as Me;
const unique = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.school`;

function registration(email: string, extra: Record<string, unknown> = {}) {
  return rest('/api/auth/local/register', undefined, {
    body: { email, username: email, password: 'sonata1819', user_profile_data: { first_name: 'Test', last_name: 'Teacher' }, ...extra },
  });
}

async function register(email: string, extra: Record<string, unknown> = {}) {
  const { status, body } = await registration(email, extra);
  expect(status, `registration of ${email}: ${JSON.stringify(body)}`).toBe(200);
  return (body as { jwt: string }).jwt;
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
      const field = (name: string) => current!.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2) ?? '';
      found.push({ from: field('from'), to: field('to'), subject: field('subject'), body: current.slice(4).join('\n') });
      current = null;
    } else current?.push(line);
  }
  return found;
}

const emailsTo = (address: string) => emails().filter((email) => email.to === address);
const confirmationLink = (address: string) =>
  emailsTo(address)
    .map((email) => /\/api\/auth\/email-confirmation\?confirmation=\w+/.exec(email.body)?.[0])
    .filter(Boolean)
    .at(-1) ?? null;
const resetCode = (address: string) =>
  emailsTo(address)
    .map((email) => /reset-password\?code=(\w+)/.exec(email.body)?.[1])
    .filter(Boolean)
    .at(-1) ?? null;

describe('invitation seats', () => {
  it('gives the seat only after the invitee follows the confirmation link sent to the address', async () => {
    const owner = await logIn(OWNER);
    const invitee = unique('invited');
    expect((await rest('/api/member-account/invitation', owner, { body: { invitee } })).status).toBe(200);

    // Registering the invited address proves nothing: still a trial account, still an invitation.
    const token = await register(invitee);
    expect((await me(token)).role.type).toBe('authenticated');
    const pending = (await rest('/api/member-account', owner)).body as Account;
    expect(pending.members.map((m) => m.email)).not.toContain(invitee);
    expect(pending.invitations.map((i) => i.email)).toContain(invitee);

    // A confirmation link e-mailed to the invited address (the CMS log in development).
    await expect.poll(() => confirmationLink(invitee)).not.toBeNull();
    const followed = await rest(confirmationLink(invitee)!);
    expect(followed.status).toBe(302);
    expect((await me(token)).role.type).toBe('active_subscriber');
    const joined = (await rest('/api/member-account', owner)).body as Account;
    expect(joined.members.map((m) => m.email)).toContain(invitee);
    expect(joined.invitations.map((i) => i.email)).not.toContain(invitee);
  });

  it('lets a teacher who already has an account join by confirming the address', async () => {
    const email = unique('existing');
    const token = await register(email);
    const owner = await logIn(OWNER);
    expect((await rest('/api/member-account/invitation', owner, { body: { invitee: email } })).status).toBe(200);
    expect((await me(token)).role.type).toBe('authenticated');
    await expect.poll(() => confirmationLink(email)).not.toBeNull();
    await rest(confirmationLink(email)!);
    expect((await me(token)).role.type).toBe('active_subscriber');
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
    const hijack = await rest('/api/auth/local', undefined, { body: { identifier: colleague, password: 'attack1234' } });
    expect(hijack.status).toBe(400);
  });
});

describe('sessions after a password change', () => {
  it('ends every earlier session when the password is changed, and the new token works', async () => {
    const email = unique('change');
    await register(email);
    const earlier = await logIn(email, 'sonata1819');
    const changed = await rest('/api/auth/change-password', earlier, {
      body: { currentPassword: 'sonata1819', password: 'nocturne1835', passwordConfirmation: 'nocturne1835' },
    });
    expect(changed.status).toBe(200);
    expect((await rest('/api/users/me', earlier)).status).toBe(401);
    expect((await rest('/api/users/me', (changed.body as { jwt: string }).jwt)).status).toBe(200);
    expect((await rest('/api/users/me', await logIn(email, 'nocturne1835'))).status).toBe(200);
  });

  it('ends every earlier session when the password is reset through the e-mailed link', async () => {
    const email = unique('reset');
    await register(email);
    const earlier = await logIn(email, 'sonata1819');
    expect((await rest('/api/auth/forgot-password', undefined, { body: { email } })).status).toBe(200);
    await expect.poll(() => resetCode(email)).not.toBeNull();
    const code = resetCode(email);
    const reset = await rest('/api/auth/reset-password', undefined, { body: { code, password: 'etude1829', passwordConfirmation: 'etude1829' } });
    expect(reset.status).toBe(200);
    expect((await rest('/api/users/me', earlier)).status).toBe(401);
    expect((await rest('/api/users/me', (reset.body as { jwt: string }).jwt)).status).toBe(200);
  });
});

describe('the password rule', () => {
  it('refuses a password without letters and numbers on register, change and reset alike', async () => {
    const email = unique('rule');
    const refused = await registration(email, { password: 'abcdef' });
    expect(refused.status).toBe(400);
    const token = await register(email);

    const change = await rest('/api/auth/change-password', token, { body: { currentPassword: 'sonata1819', password: 'abcdef', passwordConfirmation: 'abcdef' } });
    expect(change.status).toBe(400);
    expect(JSON.stringify(change.body)).toContain(PASSWORD_HINT);

    await rest('/api/auth/forgot-password', undefined, { body: { email } });
    await expect.poll(() => resetCode(email)).not.toBeNull();
    const reset = await rest('/api/auth/reset-password', undefined, { body: { code: resetCode(email), password: 'abcdef', passwordConfirmation: 'abcdef' } });
    expect(reset.status).toBe(400);
    expect(JSON.stringify(reset.body)).toContain(PASSWORD_HINT);
    // The old password still works; the refused one never did.
    await logIn(email, 'sonata1819');
    expect((await rest('/api/auth/local', undefined, { body: { identifier: email, password: 'abcdef' } })).status).toBe(400);
  });

  it('leaves no account behind when the profile fails validation', async () => {
    const email = unique('atomic');
    const refused = await registration(email, { user_profile_data: { first_name: 'Long', last_name: 'Name', school: 'S'.repeat(300) } });
    expect(refused.status).toBe(400);
    expect((refused.body as ErrorAnswer).error.details?.errors?.map((e) => e.path.join('.'))).toContain('user_profile_data.school');
    expect((await rest('/api/auth/local', undefined, { body: { identifier: email, password: 'sonata1819' } })).status).toBe(400);
    await register(email);
  });
});

describe('uniform answers', () => {
  it('answers send-email-confirmation alike for unknown, unconfirmed and confirmed addresses', async () => {
    const fresh = unique('unconfirmed');
    await register(fresh);
    const answers = await Promise.all(
      [unique('nobody'), fresh, OWNER].map(async (email) => {
        const { status, body } = await rest('/api/auth/send-email-confirmation', undefined, { body: { email } });
        return { status, body, email };
      }),
    );
    for (const { status, body, email } of answers) expect({ status, body }).toEqual({ status: 200, body: { email, sent: true } });
  });

  it('answers a registration with a taken address the same way whatever matched, without saying which', async () => {
    const email = unique('taken');
    await register(email);
    const again = await registration(email);
    const shouted = await registration(`  ${email.toUpperCase()} `);
    expect(again.status).toBe(400);
    expect({ status: shouted.status, body: shouted.body }).toEqual({ status: again.status, body: again.body });
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
    const productionDir = mkdtempSync(join(tmpdir(), 'music-classroom-production-test-'));
    try {
      const started = startCms({
        port: await freePort(),
        dataDir: productionDir,
        env: { NODE_ENV: 'production', CMS_SEED: 'false', JWT_SECRET: 'a-real-secret-set-by-the-operator' },
      });
      const outcome = await started.then(
        async (running) => {
          await running.stop();
          return 'started';
        },
        (error: Error) => error.message,
      );
      expect(outcome).toMatch(/will not start in production without its secrets/);
      for (const name of ['APP_KEYS', 'ADMIN_JWT_SECRET', 'API_TOKEN_SALT', 'TRANSFER_TOKEN_SALT', 'ENCRYPTION_KEY']) expect(outcome).toContain(name);
      // JWT_SECRET was set, so it is not named (ADMIN_JWT_SECRET is).
      expect(outcome).not.toMatch(/[\s,]JWT_SECRET\b/);
    } finally {
      rmSync(productionDir, { recursive: true, force: true });
    }
  });

  it('gives each development install its own random secrets, so a token from one is refused by another', async () => {
    const otherDir = mkdtempSync(join(tmpdir(), 'music-classroom-other-install-'));
    const other = await startCms({ port: await freePort(), dataDir: otherDir });
    try {
      const secretsOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')) as Record<string, string>;
      expect(existsSync(join(cms.dataDir, 'secrets.json'))).toBe(true);
      const ours = secretsOf(cms.dataDir);
      const theirs = secretsOf(otherDir);
      for (const name of ['APP_KEYS', 'JWT_SECRET', 'ADMIN_JWT_SECRET', 'API_TOKEN_SALT', 'TRANSFER_TOKEN_SALT', 'ENCRYPTION_KEY']) {
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
  }, 240_000); // a second CMS boots and seeds
});
