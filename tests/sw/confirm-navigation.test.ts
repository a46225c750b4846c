import { describe, expect, it } from 'vitest';
import { isAppNavigation } from '../../sw/navigation';

// The confirmation e-mail's link opens an app page (answered with the shell, offline too); the
// CMS route that page calls is never answered with the shell.

describe('the confirmation link', () => {
  it('is an app navigation, and the CMS route it calls is not', () => {
    expect(isAppNavigation(new URL('/account/confirm?confirmation=abc', 'https://app'))).toBe(true);
    expect(
      isAppNavigation(new URL('/api/auth/email-confirmation?confirmation=abc', 'https://app')),
    ).toBe(false);
  });
});
