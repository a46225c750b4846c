import { describe, expect, it } from 'vitest';
import { linkTarget, programmeLinkHref } from '../../../src/lib/content/programme-link';

describe('programme link target', () => {
  it('prefers landing page, then programme, then project, then live programme', () => {
    const all = {
      landing_page: { title: 'L', slug: 'landing' },
      programme: { title: 'P', slug: 'programme' },
      project: { title: 'J', slug: 'project' },
      live_programme: { title: 'V', slug: 'live' },
    };
    expect(linkTarget(all)?.kind).toBe('landing_page');
    expect(linkTarget({ ...all, landing_page: null })?.kind).toBe('programme');
    expect(linkTarget({ ...all, landing_page: null, programme: null })?.kind).toBe('project');
    expect(linkTarget({ live_programme: all.live_programme })?.kind).toBe('live_programme');
  });

  it('skips targets without a slug and builds /{audience}/{slug}', () => {
    expect(
      programmeLinkHref('primary', {
        landing_page: { title: 'x', slug: null },
        programme: { slug: 'sing-up' },
      }),
    ).toBe('/primary/sing-up');
    expect(programmeLinkHref('primary', {})).toBeNull();
    expect(programmeLinkHref('primary', null)).toBeNull();
  });
});
