// @vitest-environment node
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// Every e-mail's text part is text (cms/src/bootstrap/email-defaults.js), and the sender settings
// every e-mail carries are addresses without control characters (cms/src/utils/email-settings.js).

const require = createRequire(import.meta.url);
const { readableText, withReadableText } = require('../../cms/src/bootstrap/email-defaults.js') as {
  readableText: (html: string) => string;
  withReadableText: (options: Record<string, unknown>) => Record<string, unknown>;
};
const { emailProvider } = require('../../cms/src/utils/email-settings.js') as {
  emailProvider: (environment: Record<string, string>) => unknown;
};

const CONFIRMATION = `<p>Please confirm that this is your e-mail address for Music Classroom by following this link:</p>
<p><a href="https://classroom.example/account/confirm?confirmation=abc&amp;x=1">https://classroom.example/account/confirm?confirmation=abc&amp;x=1</a></p>
<p>If a school invited you, you join it when you confirm &mdash; thanks &amp; welcome.</p>`;

describe('the text part of an e-mail', () => {
  it('made from HTML: paragraphs become blank lines, links their address, entities decoded, no tags', () => {
    expect(readableText(CONFIRMATION)).toBe(
      'Please confirm that this is your e-mail address for Music Classroom by following this link:\n\n' +
        'https://classroom.example/account/confirm?confirmation=abc&x=1\n\n' +
        'If a school invited you, you join it when you confirm — thanks & welcome.',
    );
    expect(
      readableText('<p>Reset it <a href="https://x.example/r?code=1">here</a>.<br>Thanks</p>'),
    ).toBe('Reset it here (https://x.example/r?code=1).\nThanks');
    expect(readableText('<ul><li>one</li><li>two &lt;3&gt; &#39;ok&#x27;</li></ul>')).toBe(
      "- one\n- two <3> 'ok'",
    );
  });

  it('replaces a text part equal to the HTML part or holding tags, and leaves plain text alone', () => {
    expect(withReadableText({ text: CONFIRMATION, html: CONFIRMATION }).text).not.toMatch(/<p>/);
    expect(withReadableText({ text: 'Hello <b>there</b>' }).text).toBe('Hello there');
    const plain = { text: 'Plain a < b and c > d, with &amp; as typed.\n\nBye', html: '<p>x</p>' };
    expect(withReadableText(plain)).toEqual(plain);
    const invitation = { to: 'a@b.example', subject: 'Hi', text: 'Follow:\nhttps://x.example/a' };
    expect(withReadableText(invitation)).toEqual(invitation);
  });
});

describe('EMAIL_FROM and EMAIL_REPLY_TO', () => {
  const accepted = [
    'music@northfield.sch.example',
    'Music Classroom <music@northfield.sch.example>',
    '"Music, Classroom" <Music@Northfield.sch.example>',
    '<music@northfield.sch.example>',
  ];
  const refused: [string, RegExp][] = [
    [
      'music@northfield.sch.example\r\nBcc: everyone@elsewhere.example',
      /contains a control character/,
    ],
    ['Music <music@northfield.sch.example>\nX-Extra: 1', /contains a control character/],
    ['Music\tClassroom <music@northfield.sch.example>', /contains a control character/],
    ['music@northfield.sch.example\u0000', /contains a control character/],
    ['Music Classroom', /must be an e-mail address/],
    ['Music Classroom <>', /must be an e-mail address/],
    ['music@northfield', /must be an e-mail address/],
    ['a <b@c.example> d', /must be an e-mail address/],
    ['Music <music@northfield.sch.example', /must be an e-mail address/],
    ['<<music@northfield.sch.example>>', /must be an e-mail address/],
  ];
  for (const name of ['EMAIL_FROM', 'EMAIL_REPLY_TO']) {
    it.each(accepted)(`${name}=%j is accepted`, (value) => {
      expect(() => emailProvider({ [name]: value })).not.toThrow();
      expect(() =>
        emailProvider({ SMTP_HOST: 'relay.example', EMAIL_FROM: accepted[0]!, [name]: value }),
      ).not.toThrow();
    });
    it.each(refused)(`${name}=%j stops the start, naming the setting`, (value, problem) => {
      expect(() => emailProvider({ [name]: value })).toThrow(
        new RegExp(`^The CMS will not start with these e-mail settings: ${name} ${problem.source}`),
      );
    });
  }

  it('unset or blank is still unset', () => {
    expect(() => emailProvider({ EMAIL_FROM: '', EMAIL_REPLY_TO: '   ' })).not.toThrow();
  });
});
