import { describe, expect, it } from 'vitest';
import { targetNeedsSubscription } from '../../../src/lib/auth/access-store';

describe('the subscriber gate after a login', () => {
  it('applies to units and custom units', () => {
    expect(targetNeedsSubscription('/primary/sound-explorers/unit/abc123')).toBe(true);
    expect(targetNeedsSubscription('/primary/sound-explorers/unit/abc/lesson/def')).toBe(true);
    expect(targetNeedsSubscription('/primary/sound-explorers/custom-unit/xyz')).toBe(true);
    // 'Your units of work', which visitors and trial users see too.
    expect(targetNeedsSubscription('/primary/sound-explorers/custom-unit')).toBe(true);
  });

  it('does not apply to playlists, activities or libraries, which trial users may use', () => {
    expect(targetNeedsSubscription('/playlists')).toBe(false);
    expect(targetNeedsSubscription('/playlists/abc')).toBe(false);
    expect(targetNeedsSubscription('/primary/activities/-/abc')).toBe(false);
    expect(targetNeedsSubscription('/audiolibrary/page/abc')).toBe(false);
    expect(targetNeedsSubscription('/primary/sound-explorers')).toBe(false);
  });
});
