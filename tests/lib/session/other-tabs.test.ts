import { afterEach, describe, expect, it, vi } from 'vitest';
import { followOtherTabs } from '../../../src/lib/session/session-storage';

// Log Out (or a sign-in as someone else) in another tab ends this tab's session too: it starts
// again from what is stored. What another tab writes arrives as a storage event.

const fromOtherTab = (key: string | null, newValue: string | null) => {
  if (key === 'auth') {
    if (newValue === null) localStorage.removeItem('auth');
    else localStorage.setItem('auth', newValue);
  }
  window.dispatchEvent(new StorageEvent('storage', { key, newValue }));
};

let stop = () => {};
afterEach(() => {
  stop();
  localStorage.clear();
});

describe('a session followed across tabs', () => {
  it('starts again when another tab logs out or signs in as someone else, not for other keys', () => {
    localStorage.setItem('auth', 'teacher-a');
    const startAgain = vi.fn();
    stop = followOtherTabs(startAgain);
    fromOtherTab('practice-settings', '{}');
    expect(startAgain).not.toHaveBeenCalled();
    fromOtherTab('auth', null);
    expect(startAgain).toHaveBeenCalledTimes(1);
    fromOtherTab('auth', 'teacher-b');
    expect(startAgain).toHaveBeenCalledTimes(2);
  });

  it('a visitor tab starts again when another tab signs in', () => {
    const startAgain = vi.fn();
    stop = followOtherTabs(startAgain);
    fromOtherTab('auth', 'teacher-a');
    expect(startAgain).toHaveBeenCalledTimes(1);
  });
});
