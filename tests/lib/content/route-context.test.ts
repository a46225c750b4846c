import { describe, expect, it } from 'vitest';
import { audienceSlugFromPath } from '../../../src/lib/content/route-context';

describe('audienceSlugFromPath', () => {
  it('prefers the :audience parameter, then the fixed secondary and live slugs', () => {
    expect(audienceSlugFromPath('/primary/sound-explorers', 'primary')).toBe('primary');
    expect(audienceSlugFromPath('/secondary/ks-3/programme/x')).toBe('secondary');
    expect(audienceSlugFromPath('/live/orchestra-live')).toBe('live');
    expect(audienceSlugFromPath('/-/-/activity-filter', '-')).toBeNull();
    expect(audienceSlugFromPath('/audiolibrary/page/1')).toBeNull();
  });
});
