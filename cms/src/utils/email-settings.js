'use strict';

/**
 * Where the CMS's e-mails go (invitations, address confirmations, password resets): without
 * SMTP_HOST, the log provider (development: the links are read from the CMS log); with it, the
 * school's SMTP relay through @strapi/provider-email-nodemailer. A half configuration would
 * start a CMS that quietly writes a school's e-mails to its log, or fails each one as it is sent,
 * so it refuses to start instead and names what is missing (as utils/secrets.js does).
 */
const { isEmailAddress } = require('./email-address');

const LOG_PROVIDER = 'strapi-provider-email-log';
// The settings every e-mail carries in its headers (bootstrap/email-defaults.js, config/plugins.js).
const ADDRESS_SETTINGS = ['EMAIL_FROM', 'EMAIL_REPLY_TO'];
const SMTP_SETTINGS = ['SMTP_PORT', 'SMTP_SECURE', 'SMTP_USER', 'SMTP_PASSWORD'];

/** A setting's value, or undefined when unset or blank (compose passes unset ones as ''). */
const setting = (environment, name) => {
  const value = environment[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

function refusal(problems) {
  return new Error(
    `The CMS will not start with a half e-mail configuration: ${problems.join('; ')}. ` +
      'Set SMTP_HOST, EMAIL_FROM and, for a relay that needs a login, both SMTP_USER and ' +
      'SMTP_PASSWORD; or unset every SMTP_* setting to write e-mails to the log. See ' +
      'docs/deployment.md, "E-mail".',
  );
}

/**
 * What is wrong with a sender or Reply-To setting, or null: it goes into every e-mail's headers,
 * so a line break would add headers of its own (or garble the sender) and a value that is not an
 * address makes e-mails the relay or the school's filters refuse. A plain address, optionally with
 * a name: `music@school.example` or `Music Classroom <music@school.example>`.
 * @param {string} name @param {string} value the setting, trimmed
 */
function addressSettingProblem(name, value) {
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(value))
    return `${name} contains a control character such as a line break`;
  const named = /^(.*?)\s*<([^<>]*)>$/s.exec(value);
  const address = named ? named[2].trim() : value;
  const displayName = named ? named[1].trim() : '';
  if (/[<>]/.test(displayName) || (!named && /[<>]/.test(value)) || !isEmailAddress(address))
    return `${name} must be an e-mail address, optionally with a name ("Music Classroom <music@school.example>"), not "${value}"`;
  return null;
}

function senderRefusal(problems) {
  return new Error(
    `The CMS will not start with these e-mail settings: ${problems.join('; ')}. ` +
      'See docs/deployment.md, "E-mail".',
  );
}

/** The e-mail plugin's provider and providerOptions for this environment. */
function emailProvider(environment = process.env) {
  const senderProblems = ADDRESS_SETTINGS.map((name) => {
    const value = setting(environment, name);
    return value === undefined ? null : addressSettingProblem(name, value);
  }).filter(Boolean);
  if (senderProblems.length > 0) throw senderRefusal(senderProblems);

  const host = setting(environment, 'SMTP_HOST');
  const chosen = setting(environment, 'EMAIL_PROVIDER');
  const problems = [];
  if (!host) {
    const stray = SMTP_SETTINGS.filter((name) => setting(environment, name) !== undefined);
    if (stray.length > 0) problems.push(`${stray.join(', ')} set without SMTP_HOST`);
    if (chosen?.toLowerCase() === 'nodemailer')
      problems.push('EMAIL_PROVIDER=nodemailer set without SMTP_HOST');
    if (problems.length > 0) throw refusal(problems);
    return { provider: chosen ?? LOG_PROVIDER, providerOptions: {} };
  }

  if (chosen && chosen.toLowerCase() !== 'nodemailer')
    problems.push(`SMTP_HOST set, but EMAIL_PROVIDER is "${chosen}" (unset it to send by SMTP)`);
  if (!setting(environment, 'EMAIL_FROM'))
    problems.push('SMTP_HOST set without EMAIL_FROM (an address the relay may send from)');
  const user = setting(environment, 'SMTP_USER');
  // A password is used as written: spaces may be part of it.
  const password = environment.SMTP_PASSWORD ? environment.SMTP_PASSWORD : undefined;
  if (user && !password) problems.push('SMTP_USER set without SMTP_PASSWORD');
  if (password && !user) problems.push('SMTP_PASSWORD set without SMTP_USER');
  const secureText = (setting(environment, 'SMTP_SECURE') ?? 'false').toLowerCase();
  if (secureText !== 'true' && secureText !== 'false')
    problems.push(`SMTP_SECURE must be true or false, not "${environment.SMTP_SECURE}"`);
  const secure = secureText === 'true';
  const portText = setting(environment, 'SMTP_PORT') ?? (secure ? '465' : '587');
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535)
    problems.push(`SMTP_PORT must be a port number, not "${portText}"`);
  if (problems.length > 0) throw refusal(problems);

  return {
    provider: 'nodemailer',
    providerOptions: {
      host,
      port,
      // true: TLS from the first byte (port 465). false: nodemailer still upgrades with STARTTLS
      // whenever the relay offers it (port 587).
      secure,
      ...(user ? { auth: { user, pass: password } } : {}),
    },
  };
}

module.exports = { emailProvider, addressSettingProblem, LOG_PROVIDER };
