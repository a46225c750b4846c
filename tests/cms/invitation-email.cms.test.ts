// @vitest-environment node
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { freePort, startCms } from '../../scripts/cms-process.mjs';
import { scratchDir } from '../../scripts/scratch.mjs';
import { adminLogIn } from './support/admin-api';
import { parseMime, type MimePart } from './support/mime';
import { DEMO, bootTestCms } from './support/test-cms';

// Invitations and account e-mails through a real SMTP relay, with the production budgets: every
// e-mail to one recipient spends from one budget (invitations too), an invitation the relay
// refuses is not kept and the owner is told, every e-mail's text part is readable text, joining
// one school withdraws every other school's invitation, and a sender setting that is not an
// address stops the CMS before it serves.

const cmsDir = fileURLToPath(new URL('../../cms/', import.meta.url));
const { SMTPServer } = createRequire(join(cmsDir, 'package.json'))('smtp-server') as {
  SMTPServer: new (options: Record<string, unknown>) => SmtpServer;
};
interface SmtpServer {
  listen(port: number, host: string, done: () => void): void;
  close(done: () => void): void;
  server: { address(): AddressInfo };
}

const SENDER = 'Music Classroom <music@invitations.test>';
const INVITATION_SUBJECT = 'You have been invited to join a school subscription on Music Classroom';
const TOO_MANY_EMAILS =
  'Too many e-mails have been sent to this address just now. Please wait a moment and try again.';
const NOT_SENT =
  "The invitation could not be sent: the school's e-mail server did not accept it. Please try again later.";
// The relay refuses every recipient whose address starts so (a mailbox it does not know).
const REFUSED_PREFIX = 'bounce-';
const MAILS_PER_RECIPIENT_PER_HOUR = 5;

interface Mail {
  to: string[];
  subject: string;
  /** Each MIME part's type and decoded content. */
  parts: MimePart[];
}

const received: Mail[] = [];
const cmsEnv: Record<string, string> = {};

beforeAll(async () => {
  const relay = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    onRcptTo(
      address: { address: string },
      _session: unknown,
      done: (error?: Error & { responseCode?: number }) => void,
    ) {
      if (!address.address.startsWith(REFUSED_PREFIX)) return done();
      const refusal: Error & { responseCode?: number } = new Error(
        '5.1.1 Mailbox unknown at this school',
      );
      refusal.responseCode = 550;
      return done(refusal);
    },
    onData(
      stream: NodeJS.ReadableStream,
      session: { envelope: { rcptTo: { address: string }[] } },
      done: () => void,
    ) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { headers, parts } = parseMime(Buffer.concat(chunks).toString('utf8'));
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: headers.get('subject') ?? '',
          parts,
        });
        done();
      });
    },
  });
  await new Promise<void>((done) => relay.listen(0, '127.0.0.1', done));
  Object.assign(cmsEnv, {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(relay.server.address().port),
    EMAIL_FROM: SENDER,
    RATE_LIMITS: 'production',
  });
  return () => new Promise<void>((done) => relay.close(done));
});

const cms = bootTestCms('invitation-email', { env: cmsEnv });
const { rest, logIn } = cms;

const unique = (label: string) =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@invitations.test`;
const mailsTo = (address: string, subject?: string) =>
  received.filter((mail) => mail.to.includes(address) && (!subject || mail.subject === subject));
/** Whatever the relay is still receiving has arrived. */
const settle = () => new Promise((done) => setTimeout(done, 1_500));
const log = () => readFileSync(cms.logFile, 'utf8');

interface Account {
  invitations: { email: string }[];
  members: { email: string }[];
}
const accountOf = async (token: string) =>
  (await rest('/api/member-account', token)).body as Account;
const invitedBy = async (token: string) =>
  (await accountOf(token)).invitations.map((invitation) => invitation.email);

async function register(email: string) {
  const answer = await rest('/api/auth/local/register', undefined, {
    body: {
      email,
      username: email,
      password: 'sonata1819',
      user_profile_data: { first_name: 'Test', last_name: 'Teacher' },
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body as { jwt: string }).jwt;
}

const me = async (token: string) =>
  (await rest('/api/users/me', token)).body as {
    documentId: string;
    confirmed: boolean;
    role: { id: number; type: string };
  };

describe('invitation e-mails spend the recipient’s account-e-mail budget', () => {
  it('an owner inviting and withdrawing one address in a loop sends it 5 e-mails an hour; the rest are refused with the plain 429 and change nothing', async () => {
    const owner = await logIn(DEMO.subscriber);
    const target = unique('looped');
    const answers: number[] = [];
    for (let round = 0; round < 12; round += 1) {
      const invited = await rest('/api/member-account/invitation', owner, {
        body: { invitee: target },
      });
      answers.push(invited.status);
      if (invited.status === 429) {
        expect((invited.body as { error: { message: string } }).error.message).toBe(
          TOO_MANY_EMAILS,
        );
        expect(invited.headers.get('retry-after')).toBeTruthy();
        // Nothing changed: no invitation is listed.
        expect(await invitedBy(owner)).not.toContain(target);
        continue;
      }
      expect(invited.status, JSON.stringify(invited.body)).toBe(200);
      const withdrawn = await rest('/api/member-account/remove-invitation', owner, {
        body: { invitee: target },
      });
      expect(withdrawn.status).toBe(200);
    }
    await settle();
    const sent = mailsTo(target, INVITATION_SUBJECT).length;
    console.log(
      `invite/withdraw loop for one address: tried 12, e-mails sent ${sent}, accepted beyond budget ${answers.slice(MAILS_PER_RECIPIENT_PER_HOUR).filter((s) => s !== 429).length}`,
    );
    expect(answers.slice(0, MAILS_PER_RECIPIENT_PER_HOUR)).toEqual(Array(5).fill(200));
    expect(answers.slice(MAILS_PER_RECIPIENT_PER_HOUR)).toEqual(Array(7).fill(429));
    expect(sent).toBe(MAILS_PER_RECIPIENT_PER_HOUR);
  });

  it('is one budget with resets and confirmations, whichever route spends it, and whatever spelling the address is given in', async () => {
    const owner = await logIn(DEMO.subscriber);
    const target = unique('shared');
    for (let i = 0; i < 4; i += 1) {
      const asked = await rest('/api/auth/forgot-password', undefined, {
        body: { email: i % 2 ? target.toUpperCase() : target },
      });
      expect(asked.status).toBe(200);
    }
    const fifth = await rest('/api/member-account/invitation', owner, {
      body: { invitee: ` ${target.toUpperCase()}` },
    });
    expect(fifth.status, JSON.stringify(fifth.body)).toBe(200);
    // An invisible character makes no new budget either.
    const sixth = await rest('/api/member-account/invitation', owner, {
      body: { invitee: target.replace('@', '\u200b@') },
    });
    expect(sixth.status).toBe(429);
    const reset = await rest('/api/auth/forgot-password', undefined, { body: { email: target } });
    expect(reset.status).toBe(429);
    expect(await invitedBy(owner)).toContain(target);
    await rest('/api/member-account/remove-invitation', owner, { body: { invitee: target } });
  });
});

describe('an invitation the relay does not take', () => {
  it('is not kept, the owner is told in plain words, and the CMS log keeps the relay’s reason', async () => {
    const owner = await logIn(DEMO.subscriber);
    for (const invitee of [unique(`${REFUSED_PREFIX}new`), unique(`${REFUSED_PREFIX}account`)]) {
      if (invitee.includes('account')) await register(invitee);
      const invited = await rest('/api/member-account/invitation', owner, { body: { invitee } });
      expect(invited.status, invitee).toBe(400);
      expect((invited.body as { error: { message: string } }).error.message).toBe(NOT_SENT);
      // Not listed as waiting, so the owner can simply try again.
      expect(await invitedBy(owner)).not.toContain(invitee);
      await expect
        .poll(log)
        .toMatch(new RegExp(`invitation e-mail to ${invitee}.*Mailbox unknown`));
    }
  });

  it('a confirmation e-mail the relay refuses answers as any other, and is logged', async () => {
    const invitee = unique(`${REFUSED_PREFIX}resend`);
    await register(invitee);
    const asked = await rest('/api/auth/send-email-confirmation', undefined, {
      body: { email: invitee },
    });
    const unknown = await rest('/api/auth/send-email-confirmation', undefined, {
      body: { email: unique('nobody') },
    });
    expect(asked.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(Object.keys(asked.body as object)).toEqual(Object.keys(unknown.body as object));
    await expect
      .poll(log, { timeout: 10_000 })
      .toMatch(new RegExp(`confirmation e-mail to ${invitee}.*Mailbox unknown`));
  });
});

describe('the text part of every e-mail', () => {
  it('is readable text in the confirmation and reset e-mails (no tags; paragraphs, links as addresses)', async () => {
    const owner = await logIn(DEMO.subscriber);
    const invitee = unique('readable');
    expect(
      (await rest('/api/member-account/invitation', owner, { body: { invitee } })).status,
    ).toBe(200);
    await register(invitee);
    await rest('/api/auth/forgot-password', undefined, { body: { email: invitee } });
    await expect.poll(() => mailsTo(invitee).length, { timeout: 15_000 }).toBe(3);
    for (const mail of mailsTo(invitee)) {
      const text = mail.parts.find((part) => part.type === 'text/plain')?.content ?? '';
      expect(text, mail.subject).toBeTruthy();
      expect(text, mail.subject).not.toMatch(/<\/?[a-z][^>]*>/i);
      expect(text, mail.subject).not.toMatch(/&(amp|lt|gt|quot|#\d+);/);
      expect(text, mail.subject).toMatch(/https?:\/\/\S+/);
    }
    const confirmation = mailsTo(invitee).find(
      (mail) => mail.subject !== INVITATION_SUBJECT && /onfirm/.test(mail.subject),
    )!;
    const text = confirmation.parts.find((part) => part.type === 'text/plain')!.content;
    const html = confirmation.parts.find((part) => part.type === 'text/html')!.content;
    // The HTML part is still HTML; the text part has its paragraphs as blank-line breaks and the
    // link the HTML carries.
    expect(html).toMatch(/<p>/);
    expect(text.trim().split(/\r?\n\r?\n/).length).toBeGreaterThan(1);
    const link = /https?:\/\/\S*confirmation=[0-9a-f]+/.exec(html)![0];
    expect(text).toContain(link);
  });
});

describe('joining one school', () => {
  it("withdraws the address's invitations from every other school's subscription", async () => {
    // A second school: a new teacher made an active subscriber by an administrator.
    const ownerB = unique('owner-b');
    const tokenB = await register(ownerB);
    const admin = await adminLogIn(rest);
    const subscriberRole = (await me(await logIn(DEMO.subscriber))).role.id;
    const updated = await rest(
      `/content-manager/collection-types/plugin::users-permissions.user/${(await me(tokenB)).documentId}`,
      admin,
      { method: 'PUT', body: { role: { set: [{ id: subscriberRole }] } } },
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect((await rest('/api/member-account', tokenB)).status).toBe(200);

    const ownerA = await logIn(DEMO.subscriber);
    const teacher = unique('two-schools');
    for (const owner of [ownerA, tokenB]) {
      const invited = await rest('/api/member-account/invitation', owner, {
        body: { invitee: teacher },
      });
      expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    }
    const token = await register(teacher);
    const notInvitation = () =>
      mailsTo(teacher).filter((mail) => mail.subject !== INVITATION_SUBJECT);
    await expect.poll(() => notInvitation().length, { timeout: 15_000 }).toBe(1);
    const confirmation = notInvitation()[0]!;
    const html = confirmation.parts.find((part) => part.type === 'text/html')!.content;
    const code = /confirmation=([0-9a-f]+)/.exec(html)![1];
    const followed = await rest(`/api/auth/email-confirmation?confirmation=${code}`);
    expect(followed.status).toBe(302);
    expect((await me(token)).role.type).toBe('active_subscriber');

    const a = await accountOf(ownerA);
    const b = await accountOf(tokenB);
    const joinedOne = [a, b].filter((account) =>
      account.members.some((member) => member.email === teacher),
    );
    expect(joinedOne).toHaveLength(1);
    expect(a.invitations.map((i) => i.email)).not.toContain(teacher);
    expect(b.invitations.map((i) => i.email)).not.toContain(teacher);
  });
});

describe('sender settings', () => {
  it.each([
    [
      'EMAIL_FROM',
      'music@invitations.test\r\nBcc: everyone@elsewhere.test',
      'contains a control character',
    ],
    [
      'EMAIL_FROM',
      'Music Classroom <music@invitations.test>\nX-Extra: 1',
      'contains a control character',
    ],
    ['EMAIL_FROM', 'Music Classroom', 'must be an e-mail address'],
    [
      'EMAIL_REPLY_TO',
      'help@invitations.test\r\nBcc: everyone@elsewhere.test',
      'contains a control character',
    ],
    ['EMAIL_REPLY_TO', 'help desk', 'must be an e-mail address'],
  ])('%s=%j stops the CMS before it serves, naming the setting', async (name, value, problem) => {
    const dataDir = scratchDir('invitation-email-sender-');
    try {
      const boot = startCms({
        port: await freePort(),
        dataDir,
        env: { EMAIL_FROM: SENDER, [name]: value },
      });
      // A CMS that started anyway is stopped, and the test fails.
      const outcome = await boot.then(
        async (served) => {
          await served.stop();
          return new Error('the CMS started and served');
        },
        (error: Error) => error,
      );
      expect(outcome.message).toMatch(/exited early/);
      expect(outcome.message).toMatch(
        new RegExp(`The CMS will not start with these e-mail settings: ${name} ${problem}`),
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
