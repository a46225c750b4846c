// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// deploy/compose.yaml passes every e-mail setting the CMS reads through to it, in a form that
// keeps the CMS's own rules: with SMTP_HOST and EMAIL_FROM in the operator's .env the CMS sends by
// SMTP; with none, to its log; and a half configuration still refuses to start (unset settings
// arrive blank, which the CMS counts as unset).

const require = createRequire(import.meta.url);
const { emailProvider } = require('../../cms/src/utils/email-settings.js') as {
  emailProvider: (env: Record<string, string>) => {
    provider: string;
    providerOptions: Record<string, unknown>;
  };
};

const compose = readFileSync(new URL('../../deploy/compose.yaml', import.meta.url), 'utf8');

/** The CMS service's environment block (`environment: &cms-env`), as written. */
function cmsEnvironment(): Map<string, string> {
  const lines = compose.split('\n');
  const start = lines.findIndex((line) => /^\s+environment: &cms-env\s*$/.test(line));
  expect(start).toBeGreaterThan(0);
  const entries = new Map<string, string>();
  for (const line of lines.slice(start + 1)) {
    if (/^\s*#/.test(line)) continue;
    const entry = /^ {4}([A-Z0-9_]+): (.*)$/.exec(line);
    if (!entry) break;
    entries.set(entry[1]!, entry[2]!.replace(/^'(.*)'$/, '$1'));
  }
  return entries;
}

/** Compose's interpolation of `${NAME}`, `${NAME:-default}`, `${NAME-default}`, `${NAME:?err}`. */
function interpolate(value: string, operator: Record<string, string>): string {
  return value.replace(
    /\$\{([A-Z0-9_]+)(?:(:?-)([^}]*)|:\?[^}]*)?\}/g,
    (_, name, kind, fallback) => {
      const given = operator[name as string];
      if (kind === ':-') return given ? given : (fallback as string);
      if (kind === '-') return given ?? (fallback as string);
      return given ?? '';
    },
  );
}

/** What the CMS container's environment holds for an operator's .env. */
function containerEnv(operator: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    [...cmsEnvironment()].map(([name, value]) => [name, interpolate(value, operator)]),
  );
}

const SECRETS = { PUBLIC_URL: 'https://music.example.org', POSTGRES_PASSWORD: 'x' };
const EMAIL_SETTINGS = [
  'EMAIL_PROVIDER',
  'EMAIL_FROM',
  'EMAIL_REPLY_TO',
  'SMTP_HOST',
  'SMTP_PORT',
  'SMTP_SECURE',
  'SMTP_USER',
  'SMTP_PASSWORD',
];

describe('deploy/compose.yaml and the e-mail settings', () => {
  it('passes every e-mail setting the CMS reads to the CMS', () => {
    const passed = [...cmsEnvironment().keys()];
    for (const name of EMAIL_SETTINGS) expect(passed, name).toContain(name);
    // Every SMTP_* the CMS's e-mail settings read is among them.
    const read = readFileSync(
      new URL('../../cms/src/utils/email-settings.js', import.meta.url),
      'utf8',
    ).match(/\bSMTP_(?!SETTINGS\b)[A-Z]+\b/g);
    for (const name of new Set(read)) expect(EMAIL_SETTINGS, name).toContain(name);
  });

  it('sends by SMTP when the operator sets the relay and the sender', () => {
    const env = containerEnv({
      ...SECRETS,
      SMTP_HOST: 'smtp.school.example',
      SMTP_USER: 'relay',
      SMTP_PASSWORD: 'secret words',
      EMAIL_FROM: 'music@school.example',
    });
    expect(emailProvider(env)).toEqual({
      provider: 'nodemailer',
      providerOptions: {
        host: 'smtp.school.example',
        port: 587,
        secure: false,
        auth: { user: 'relay', pass: 'secret words' },
      },
    });
  });

  it('writes e-mails to the log when the operator sets nothing', () => {
    expect(emailProvider(containerEnv(SECRETS)).provider).toBe('strapi-provider-email-log');
  });

  it('still refuses a half configuration', () => {
    expect(() =>
      emailProvider(containerEnv({ ...SECRETS, SMTP_HOST: 'smtp.school.example' })),
    ).toThrow('SMTP_HOST set without EMAIL_FROM');
    expect(() => emailProvider(containerEnv({ ...SECRETS, SMTP_USER: 'relay' }))).toThrow(
      'SMTP_USER set without SMTP_HOST',
    );
  });
});
