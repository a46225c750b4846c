import { describe, expect, it } from 'vitest';
import {
  CmsError,
  GENERIC_PROBLEM,
  plainFieldErrors,
  plainMessage,
  waitInWords,
} from '../../../src/lib/cms/errors';

// Strapi's wording ("Invalid identifier or password", "2 errors occurred") never reaches teachers.

describe('plain messages for server errors', () => {
  it.each([
    [
      'Invalid identifier or password',
      'The e-mail address or password is not right. Check both and try again.',
    ],
    ['2 errors occurred', 'Some details need changing: see the messages by the fields below.'],
    ['1 error occurred', 'Some details need changing: see the messages by the fields below.'],
    [
      'Email or Username are already taken',
      'There is already an account with this e-mail address. Log in instead, or reset your password.',
    ],
    [
      'Incorrect code provided',
      'This password reset link has expired or has already been used. Please ask for a new one.',
    ],
    [
      'Too many requests, please try again later.',
      'Too many attempts. Please wait a few minutes and try again.',
    ],
    ['Internal Server Error', GENERIC_PROBLEM],
  ])('says "%s" plainly', (raw, plain) => {
    expect(plainMessage(new CmsError(raw, 400))).toBe(plain);
  });

  it('keeps a message the CMS already wrote for teachers, and falls back when there is none', () => {
    expect(plainMessage(new CmsError('Please check the highlighted fields', 400))).toBe(
      'Please check the highlighted fields',
    );
    expect(plainMessage(new CmsError('', 500))).toBe(GENERIC_PROBLEM);
    expect(plainMessage(null)).toBe(GENERIC_PROBLEM);
  });

  it('says a network failure as one, not as the client library words it', () => {
    expect(plainMessage(new CmsError('The content service could not be reached', 0))).toBe(
      'We could not reach the server. Check your connection and try again.',
    );
  });

  it('rewrites field messages that name the field in code', () => {
    expect(
      plainFieldErrors({
        'user_profile_data.first_name': 'first_name must be defined.',
        password: 'password must be at least 6 characters',
      }),
    ).toEqual({
      'user_profile_data.first_name': 'Please fill this in.',
      password: 'Must be at least 6 characters.',
    });
  });
});

describe('a refusal for too many requests says the real wait', () => {
  const refusal = (message: string, retryAfterSeconds: number) =>
    new CmsError(message, 429, '', {}, retryAfterSeconds * 1000);
  const network =
    'Too many requests from this network just now. Please wait a moment and try again.';

  it.each([
    [1, 'a minute'],
    [60, 'a minute'],
    [61, 'about 2 minutes'],
    [3179, 'about 53 minutes'],
    [3600, 'about an hour'],
    [3601, 'about 2 hours'],
    [3 * 3600, 'about 3 hours'],
  ])('Retry-After %i seconds reads "%s"', (seconds, words) => {
    expect(waitInWords(seconds * 1000)).toBe(words);
    expect(plainMessage(refusal(network, seconds))).toBe(
      `Too many attempts from this network. Please try again in ${words}.`,
    );
  });

  it('never says "a moment" when the server asked for longer, and keeps what was too many when it names an account or address', () => {
    expect(plainMessage(refusal(network, 3179))).toBe(
      'Too many attempts from this network. Please try again in about 53 minutes.',
    );
    expect(
      plainMessage(
        refusal(
          'Too many failed sign-ins for this account just now. Please wait a moment and try again.',
          600,
        ),
      ),
    ).toBe('Too many failed sign-ins for this account. Please try again in about 10 minutes.');
    expect(
      plainMessage(
        refusal(
          'Too many e-mails have been sent to this address just now. Please wait a moment and try again.',
          3600,
        ),
      ),
    ).toBe('Too many e-mails have been sent to this address. Please try again in about an hour.');
    for (const seconds of [1, 59, 600, 3179, 7200])
      expect(plainMessage(refusal(network, seconds))).not.toMatch(/moment/);
  });
});
