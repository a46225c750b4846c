import { describe, expect, it } from 'vitest';
import { welcomeMessage } from '../../../src/features/home/utils/welcome-message';

const messages = {
  new_registration: '<p>Trial</p>',
  new_purchase: '<p>Thanks</p>',
  new_invitation: null,
};

describe('welcomeMessage', () => {
  it('picks the message the /welcome/{welcome} parameter names, in either spelling', () => {
    expect(welcomeMessage(messages, 'new_registration')).toBe('<p>Trial</p>');
    expect(welcomeMessage(messages, 'new-purchase')).toBe('<p>Thanks</p>');
  });

  it('shows nothing for an empty message, an unknown name, no parameter or no messages', () => {
    expect(welcomeMessage(messages, 'new_invitation')).toBeNull();
    expect(welcomeMessage(messages, 'constructor')).toBeNull();
    expect(welcomeMessage(messages, undefined)).toBeNull();
    expect(welcomeMessage(null, 'new_purchase')).toBeNull();
  });
});
