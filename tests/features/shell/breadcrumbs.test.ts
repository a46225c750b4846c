import { describe, expect, it } from 'vitest';
import type { AudiencesAndProgrammes } from '../../../src/features/shell/api/audiences-and-programmes';
import { buildCrumbs, type CrumbMatch } from '../../../src/features/shell/utils/breadcrumbs';

const data: AudiencesAndProgrammes = {
  audiences: [{ documentId: 'a1', title: 'Primary', slug: 'primary', featurebox: [] }],
  programmes: [
    {
      documentId: 'p1',
      title: 'Sing Up',
      slug: 'sing-up',
      released: true,
      theme: null,
      audience: { slug: 'primary' },
    },
  ],
  schemes: [{ documentId: 'u1', title: 'Pulse and Rhythm' }],
  liveProgrammes: [],
  liveProductions: [],
  projects: [],
  landingPages: [],
};

const match = (
  pathname: string,
  handle: unknown,
  params: Record<string, string> = {},
): CrumbMatch => ({ pathname, handle, params });

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
    expect(crumbs.map((crumb) => crumb.label)).toEqual([
      'Primary',
      'Sing Up',
      'Pulse and Rhythm',
      'Lesson 1: Feel the beat',
    ]);
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

  it('shows a fixed label for the kind of page, never the id or slug, while a title is unknown', () => {
    const params = {
      audience: 'primary',
      programme: 'sing-up',
      unit: 'u1',
      lesson: 'l9',
      activity: 'a7',
    };
    const matches = [
      match('/primary', { crumbParam: 'audience' }, params),
      match('/primary/sing-up', { crumbParam: 'programme' }, params),
      match('/primary/sing-up/unit/u1', { crumbParam: 'unit' }, params),
      match('/primary/sing-up/unit/u1/lesson/l9', { crumbParam: 'lesson' }, params),
      match('/primary/sing-up/unit/u1/lesson/l9/activity/a7', { crumbParam: 'activity' }, params),
    ];
    // Loading: neither the shell query nor the page has answered.
    expect(buildCrumbs(matches, undefined, {}).map((crumb) => crumb.label)).toEqual([
      'Audience',
      'Programme',
      'Unit of work',
      'Lesson',
      'Activity',
    ]);
    // An activity opened from a lesson: the lesson's title, given by the activity page.
    expect(
      buildCrumbs(matches, data, {
        activity: 'Echo Clapping',
        lesson: 'Lesson 1: Feel the beat',
      }).map((crumb) => crumb.label),
    ).toEqual([
      'Primary',
      'Sing Up',
      'Pulse and Rhythm',
      'Lesson 1: Feel the beat',
      'Echo Clapping',
    ]);
    const slug = (pathname: string) =>
      buildCrumbs(
        [match(pathname, { crumbParam: 'slug' }, { slug: 'orchestra-live' })],
        data,
        {},
      )[0]?.label;
    expect([
      slug('/primary/x/programme/orchestra-live'),
      slug('/primary/x/project/orchestra-live'),
      slug('/primary/x/page/orchestra-live'),
    ]).toEqual(['Programme', 'Project', 'Page']);
    expect(buildCrumbs([match('/', undefined)], data, {})).toEqual([]);
  });

  it("on a 'Lost?' page keeps only real pages and ends in 'Lost?'", () => {
    const nowhere = { audience: 'no-such-page', programme: 'at-all' };
    expect(
      buildCrumbs(
        [
          match('/no-such-page', { crumbParam: 'audience' }, nowhere),
          match('/no-such-page/at-all', { crumbParam: 'programme' }, nowhere),
        ],
        data,
        {},
        true,
      ),
    ).toEqual([{ label: 'Lost?', to: '/no-such-page/at-all' }]);
    const unknownProgramme = { audience: 'primary', programme: 'no-such-programme' };
    expect(
      buildCrumbs(
        [
          match('/primary', { crumbParam: 'audience' }, unknownProgramme),
          match('/primary/no-such-programme', { crumbParam: 'programme' }, unknownProgramme),
        ],
        data,
        {},
        true,
      ).map((crumb) => crumb.label),
    ).toEqual(['Primary', 'Lost?']);
  });
});
