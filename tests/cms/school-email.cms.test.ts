// @vitest-environment node
import { scratchDir } from '../../scripts/scratch.mjs';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startCms } from '../../scripts/cms-process.mjs';
import { startWebServer } from '../../server/web-server.mjs';
import { parseMime } from './support/mime';
import { DEMO, bootTestCms } from './support/test-cms';

// A school's journey by e-mail reaches a real SMTP relay: with SMTP_* set, the invitation, the
// address confirmation and the password reset are delivered by SMTP (with the relay's login),
// from EMAIL_FROM, to the teacher, with links on the app's address that work. The CMS runs as in
// production: behind the web server, PUBLIC_URL and APP_URL both the web server's origin. A half
// SMTP configuration stops the CMS before it serves anything.

// smtp-server is a devDependency of cms/, the project it tests.
const cmsDir = fileURLToPath(new URL('../../cms/', import.meta.url));
const { SMTPServer } = createRequire(join(cmsDir, 'package.json'))('smtp-server') as {
  SMTPServer: new (options: Record<string, unknown>) => SmtpServer;
};
interface SmtpServer {
  listen(port: number, host: string, done: () => void): void;
  close(done: () => void): void;
  server: { address(): AddressInfo };
}
interface SmtpSession {
  envelope: { mailFrom: { address: string } | false; rcptTo: { address: string }[] };
}

const SENDER = 'Music Classroom at Northfield <music@northfield-school.test>';
const SENDER_ADDRESS = 'music@northfield-school.test';
const RELAY_USER = 'classroom-relay';
const RELAY_PASSWORD = 'relay password 42';
const INVITATION_SUBJECT = 'You have been invited to join a school subscription on Music Classroom';

/** One message as the relay received it. */
interface Mail {
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Map<string, string>;
  /** The text/plain part, decoded. */
  text: string;
}

const received: Mail[] = [];
let relay: SmtpServer | undefined;
let appUrl = '';
let web: { url: string; stop: () => Promise<void> } | undefined;
const distDir = scratchDir('school-email-dist-');

// Filled before the CMS boots (hooks run in order): the relay's and the web server's addresses.
const cmsEnv: Record<string, string> = {};

beforeAll(async () => {
  relay = new SMTPServer({
    // Plain SMTP with a login on 127.0.0.1: the test relay has no certificate to offer.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    onAuth(
      auth: { username: string; password: string },
      _session: unknown,
      done: (error: Error | null, result?: { user: string }) => void,
    ) {
      if (auth.username === RELAY_USER && auth.password === RELAY_PASSWORD)
        done(null, { user: auth.username });
      else done(new Error('Invalid username or password'));
    },
    onData(
      stream: NodeJS.ReadableStream,
      session: SmtpSession,
      done: (error?: Error | null) => void,
    ) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { headers, parts } = parseMime(Buffer.concat(chunks).toString('utf8'));
        const text = parts.find((part) => part.type === 'text/plain')?.content ?? null;
        received.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          headers,
          text: text ?? '',
        });
        done();
      });
    },
  });
  await new Promise<void>((done) => relay!.listen(0, '127.0.0.1', done));
  appUrl = `http://127.0.0.1:${await freePort()}`;
  Object.assign(cmsEnv, {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(relay.server.address().port),
    SMTP_SECURE: 'false',
    SMTP_USER: RELAY_USER,
    SMTP_PASSWORD: RELAY_PASSWORD,
    EMAIL_FROM: SENDER,
    // As deploy/compose.yaml: the CMS's public address is the app's, through the web server.
    PUBLIC_URL: appUrl,
    APP_URL: appUrl,
  });
});

const cms = bootTestCms('school-email', { env: cmsEnv });
const { rest, logIn } = cms;

beforeAll(async () => {
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Music Classroom</title>');
  web = await startWebServer({ distDir, cmsUrl: cms.url, port: Number(new URL(appUrl).port) });
});

afterAll(async () => {
  await web?.stop();
  await new Promise<void>((done) => (relay ? relay.close(done) : done()));
  rmSync(distDir, { recursive: true, force: true });
});

const unique = (label: string) =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@northfield-school.test`;

/** The one message to `address` whose subject matches, once the relay has it. */
async function mailTo(address: string, subject: RegExp | string): Promise<Mail> {
  const matches = (mail: Mail) =>
    mail.envelopeTo.includes(address) &&
    (typeof subject === 'string'
      ? mail.headers.get('subject') === subject
      : subject.test(mail.headers.get('subject') ?? ''));
  await expect
    .poll(() => received.filter(matches).length, {
      timeout: 15_000,
      message: `an e-mail to ${address} (${String(subject)}) at the SMTP relay`,
    })
    .toBe(1);
  return received.find(matches)!;
}

/** Delivered to `address`, from EMAIL_FROM, by the relay's login. */
function expectAddressed(mail: Mail, address: string) {
  expect(mail.envelopeTo).toEqual([address]);
  expect(mail.headers.get('to')).toBe(address);
  expect(mail.envelopeFrom).toBe(SENDER_ADDRESS);
  expect(mail.headers.get('from')).toBe(SENDER);
}

const linksIn = (mail: Mail) => mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? [];

const me = async (token: string) =>
  (await rest('/api/users/me', token)).body as { confirmed: boolean; role: { type: string } };

describe("a school's e-mails by SMTP", () => {
  const invitee = unique('invited');
  let inviteeToken = '';

  it("invites a teacher to the school's subscription", async () => {
    const owner = await logIn(DEMO.subscriber);
    const invited = await rest('/api/member-account/invitation', owner, { body: { invitee } });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);

    const mail = await mailTo(invitee, INVITATION_SUBJECT);
    expectAddressed(mail, invitee);
    // Replies reach the help address (EMAIL_REPLY_TO's default).
    expect(mail.headers.get('reply-to')).toBe('classroom@orchestra.example');
    expect(mail.text).toContain(`create a free account with this e-mail address (${invitee})`);
    // Its one link is the app's sign-up page, never an address of the CMS.
    expect(mail.text).not.toContain(cms.url);
    expect(linksIn(mail)).toEqual([`${appUrl}/subscribe`]);
  });

  it('sends a teacher who already has an account one e-mail, whose own link joins them', async () => {
    const teacher = unique('has-account');
    const registered = await rest('/api/auth/local/register', undefined, {
      body: {
        email: teacher,
        username: teacher,
        password: 'sonata1819',
        user_profile_data: { first_name: 'Bea', last_name: 'Teacher' },
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const token = (registered.body as { jwt: string }).jwt;
    // Nobody had invited the address when it registered, so no e-mail went to it then.
    const before = received.length;

    const owner = await logIn(DEMO.subscriber);
    const invited = await rest('/api/member-account/invitation', owner, {
      body: { invitee: teacher },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const mail = await mailTo(teacher, INVITATION_SUBJECT);
    expectAddressed(mail, teacher);
    const links = linksIn(mail);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(new RegExp(`^${appUrl}/account/confirm\\?confirmation=[0-9a-f]{40}$`));
    // Nothing else reaches the teacher: no second e-mail with another link.
    await new Promise((done) => setTimeout(done, 1_000));
    expect(received.slice(before).filter((m) => m.envelopeTo.includes(teacher))).toHaveLength(1);

    const code = new URL(links[0]!).searchParams.get('confirmation')!;
    const followed = await fetch(`${appUrl}/api/auth/email-confirmation?confirmation=${code}`, {
      redirect: 'manual',
    });
    expect(followed.status).toBe(302);
    expect((await me(token)).role.type).toBe('active_subscriber');
  });

  it("confirms the invited teacher's address by a link on the app's address, which joins them to the school", async () => {
    const registered = await rest('/api/auth/local/register', undefined, {
      body: {
        email: invitee,
        username: invitee,
        password: 'sonata1819',
        user_profile_data: { first_name: 'Ada', last_name: 'Teacher' },
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    inviteeToken = (registered.body as { jwt: string }).jwt;
    expect((await me(inviteeToken)).role.type).toBe('authenticated');

    const mail = await mailTo(invitee, 'Confirm your e-mail address');
    expectAddressed(mail, invitee);
    // A teacher who answers an account e-mail reaches the help address too.
    expect(mail.headers.get('reply-to')).toBe('classroom@orchestra.example');
    const links = linksIn(mail);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(new RegExp(`^${appUrl}/account/confirm\\?confirmation=[0-9a-f]+$`));
    const code = new URL(links[0]!).searchParams.get('confirmation')!;

    // The app's confirm page asks the CMS's route through the app's address, as a browser would:
    // the CMS confirms and redirects to the app's greeting for joining a school.
    const followed = await fetch(`${appUrl}/api/auth/email-confirmation?confirmation=${code}`, {
      redirect: 'manual',
    });
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe(`${appUrl}/welcome/new_invitation`);
    const confirmed = await me(inviteeToken);
    expect(confirmed.confirmed).toBe(true);
    expect(confirmed.role.type).toBe('active_subscriber');
  });

  it("sends a password reset whose link opens the app's reset page with a code that sets a new password", async () => {
    const asked = await rest('/api/auth/forgot-password', undefined, { body: { email: invitee } });
    expect(asked.status).toBe(200);

    const mail = await mailTo(invitee, 'Reset password');
    expectAddressed(mail, invitee);
    expect(mail.headers.get('reply-to')).toBe('classroom@orchestra.example');
    const links = linksIn(mail);
    expect(links).toHaveLength(1);
    const link = new URL(links[0]!);
    expect(link.origin).toBe(appUrl);
    expect(link.pathname).toBe('/account/reset-password');
    const code = link.searchParams.get('code');
    expect(code).toMatch(/^[0-9a-f]{32,}$/);

    // The app's page is what the link opens (the web server answers it with the app).
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Music Classroom</title>');

    // The page sends the code to the CMS's reset route, through the same address.
    const reset = await rest('/api/auth/reset-password', undefined, {
      base: appUrl,
      body: { code, password: 'nocturne1835', passwordConfirmation: 'nocturne1835' },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await rest('/api/users/me', (reset.body as { jwt: string }).jwt)).status).toBe(200);
    expect(await logIn(invitee, 'nocturne1835')).toBeTruthy();
  });
});

describe('a half SMTP configuration', () => {
  it.each([
    [
      { SMTP_HOST: '127.0.0.1', EMAIL_FROM: SENDER, SMTP_USER: RELAY_USER },
      'SMTP_USER set without SMTP_PASSWORD',
    ],
    [
      { SMTP_USER: RELAY_USER, SMTP_PASSWORD: RELAY_PASSWORD },
      'SMTP_USER, SMTP_PASSWORD set without SMTP_HOST',
    ],
    [{ SMTP_HOST: '127.0.0.1' }, 'SMTP_HOST set without EMAIL_FROM'],
  ])('stops the CMS before it serves, naming what is missing: %j', async (env, message) => {
    const dataDir = scratchDir('school-email-half-');
    try {
      const boot = startCms({ port: await freePort(), dataDir, env });
      await expect(boot).rejects.toThrow(/exited early/);
      await expect(boot).rejects.toThrow(
        `The CMS will not start with a half e-mail configuration: ${message}`,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
