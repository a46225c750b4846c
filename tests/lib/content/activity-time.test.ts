import { describe, expect, it } from 'vitest';
import { hasUsableContextPath, timeLabel } from '../../../src/lib/content/activity-time';

describe('activity time and context path', () => {
  it("labels a missing or blank time 'Free-flow'", () => {
    expect(timeLabel(null)).toBe('Free-flow');
    expect(timeLabel('  ')).toBe('Free-flow');
    expect(timeLabel('10 minutes')).toBe('10 minutes');
  });

  it("treats a context path built from a missing value ('undefined') as unusable", () => {
    expect(hasUsableContextPath('/primary/sound-explorers/activities/-/abc')).toBe(true);
    expect(hasUsableContextPath('/undefined/undefined/activities/-/abc')).toBe(false);
    expect(hasUsableContextPath('')).toBe(false);
    expect(hasUsableContextPath(null)).toBe(false);
  });
});
