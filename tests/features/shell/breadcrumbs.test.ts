import { describe, expect, it } from 'vitest';
import type { AudiencesAndProgrammes } from '../../../src/features/shell/api/audiences-and-programmes';
import { buildCrumbs, type CrumbMatch } from '../../../src/features/shell/utils/breadcrumbs';

const data: AudiencesAndProgrammes = {
  audiences: [{ documentId: 'a1', title: 'Primary', slug: 'primary', featurebox: [] }],
  programmes: [{ documentId: 'p1', title: 'Sing Up', slug: 'sing-up', released: true, theme: null, audience: { slug: 'primary' } }],
  schemes: [{ documentId: 'u1', title: 'Pulse and Rhythm' }],
  liveProgrammes: [],
  liveProductions: [],
  projects: [],
  landingPages: [],
};

const match = (pathname: string, handle: unknown, params: Record<string, string> = {}): CrumbMatch => ({ pathname, handle, params });

describe('buildCrumbs', () => {
  it('resolves audience, programme and unit (by id against schemes) to titles', () => {
    const params = { audience: 'primary', programme: 'sing-up', unit: 'u1', lesson: 'l9' };
    const crumbs = buildCrumbs(
      [
        match('/', undefined, params),
        match('/primary', { crumbParam: 'audience' }, params),
        match('/primary/sing-up', { crumbParam: 'programme' }, params),
        match('/primary/sing-up/unit/u1', { crumbParam: 'unit' }, params),
        match('/primary/sing-up/unit/u1/lesson/l9', { crumbParam: 'lesson' }, params),
      ],
      data,
      { lesson: 'Lesson 1: Feel the beat' },
    );
    expect(crumbs.map((crumb) => crumb.label)).toEqual(['Primary', 'Sing Up', 'Pulse and Rhythm', 'Lesson 1: Feel the beat']);
    expect(crumbs.at(-1)?.to).toBe('/primary/sing-up/unit/u1/lesson/l9');
  });

  it('skips crumbs whose parameter is "-" and uses fixed labels', () => {
    const params = { audience: '-', programme: '-' };
    const crumbs = buildCrumbs(
      [
        match('/-', { crumbParam: 'audience' }, params),
        match('/-/-', { crumbParam: 'programme' }, params),
        match('/-/-/activity-filter', { crumb: 'Activity Library' }, params),
      ],
      data,
      {},
    );
    expect(crumbs).toEqual([{ label: 'Activity Library', to: '/-/-/activity-filter' }]);
  });

  it('shows the raw value until a title is known, and nothing for home', () => {
    expect(buildCrumbs([match('/x', { crumbParam: 'audience' }, { audience: 'ks%203' })], undefined, {})).toEqual([
      { label: 'ks 3', to: '/x' },
    ]);
    expect(buildCrumbs([match('/', undefined)], data, {})).toEqual([]);
  });
});
