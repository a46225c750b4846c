import { describe, expect, it } from 'vitest';
import { CmsError, GENERIC_PROBLEM, plainFieldErrors, plainMessage } from '../../../src/lib/cms/errors';

// Strapi's wording ("Invalid identifier or password", "2 errors occurred") never reaches teachers.

describe('plain messages for server errors', () => {
  it.each([
    ['Invalid identifier or password', 'The e-mail address or password is not right. Check both and try again.'],
    ['2 errors occurred', 'Some details need changing: see the messages by the fields below.'],
    ['1 error occurred', 'Some details need changing: see the messages by the fields below.'],
    ['Email or Username are already taken', 'There is already an account with this e-mail address. Log in instead, or reset your password.'],
    ['Incorrect code provided', 'This password reset link has expired or has already been used. Please ask for a new one.'],
    ['Too many requests, please try again later.', 'Too many attempts. Please wait a few minutes and try again.'],
    ['Internal Server Error', GENERIC_PROBLEM],
  ])('says "%s" plainly', (raw, plain) => {
    expect(plainMessage(new CmsError(raw, 400))).toBe(plain);
  });

  it('keeps a message the CMS already wrote for teachers, and falls back when there is none', () => {
    expect(plainMessage(new CmsError('Please check the highlighted fields', 400))).toBe('Please check the highlighted fields');
    expect(plainMessage(new CmsError('', 500))).toBe(GENERIC_PROBLEM);
    expect(plainMessage(null)).toBe(GENERIC_PROBLEM);
  });

  it('says a network failure as one, not as the client library words it', () => {
    expect(plainMessage(new CmsError('The content service could not be reached', 0))).toBe(
      'We could not reach the server. Check your connection and try again.',
    );
  });

  it('rewrites field messages that name the field in code', () => {
    expect(plainFieldErrors({ 'user_profile_data.first_name': 'first_name must be defined.', password: 'password must be at least 6 characters' })).toEqual({
      'user_profile_data.first_name': 'Please fill this in.',
      password: 'Must be at least 6 characters.',
    });
  });
});
