import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { LESSON_MODE_PATHS } from '../../src/app/lesson-mode-routes';
import { routes } from '../../src/app/router';

/** The full pattern of the deepest route a URL lands on, and its parameters. */
function land(url: string) {
  const matches = matchRoutes(routes, url);
  if (!matches) return null;
  const leaf = matches[matches.length - 1]!;
  const pattern = matches
    .map((match) => match.route.path ?? '')
    .filter(Boolean)
    .join('/')
    .replace(/\/+/g, '/');
  return { pattern, params: leaf.params, layout: matches[0]!.route.id ?? 'shell' };
}

describe('the route table', () => {
  it.each([
    ['/primary', ':audience'],
    ['/primary/sound-explorers', ':audience/:programme'],
    ['/primary/sound-explorers/unit/u1', ':audience/:programme/unit/:unit'],
    [
      '/primary/sound-explorers/unit/u1/lesson/l1',
      ':audience/:programme/unit/:unit/lesson/:lesson',
    ],
    [
      '/primary/sound-explorers/unit/u1/lesson/l1/activity/a1',
      ':audience/:programme/unit/:unit/lesson/:lesson/activity/:activity/:option?/:delivery?',
    ],
    [
      '/primary/sound-explorers/unit/u1/activities/s1',
      ':audience/:programme/unit/:unit/activities/:section',
    ],
    ['/primary/activities', ':audience/activities'],
    ['/primary/activities/s1/a1', ':audience/activities/:section/:activity/:option?/:delivery?'],
    ['/primary/sound-explorers/activities/s1', ':audience/:programme/activities/:section'],
    [
      '/primary/audiolibrary/collection/c1/p1',
      ':audience/audiolibrary/collection/:container/:page',
    ],
    ['/primary/sound-explorers/audio/p1', ':audience/:programme/audio/:page'],
    ['/primary/sound-explorers/at-home/xyz/a1', ':audience/:programme/at-home/:library/:activity'],
    ['/primary/landing-x/project/p', ':audience/:landing/project/:slug'],
    ['/secondary', 'secondary'],
    ['/secondary/ks-3', 'secondary/ks-3'],
    ['/secondary/ks4/programme/orchestra-unwrapped', 'secondary/ks4/programme/:programme'],
    [
      '/secondary/KS5/project/sound-of-the-city/activity/a1',
      'secondary/KS5/project/:projectpageslug/activity/:activity/:option?/:delivery?',
    ],
    ['/secondary/some-landing', 'secondary/:landingPageSlug'],
    ['/audiolibrary/page/1,2', 'audiolibrary/page/:page'],
    ['/-/-/activity-filter', '-/-/activity-filter'],
    [
      '/live/orchestra-live/the-firebird/audio/p1',
      'live/:liveprogramme/:liveproduction/audio/:page',
    ],
    ['/cpd/session/confident-conducting', 'cpd/session/:cpdSession'],
    ['/terms-and-conditions', 'terms-and-conditions'],
    ['/primary/sound-explorers/custom-unit', ':audience/:programme/custom-unit'],
    ['/primary/sound-explorers/create-unit', ':audience/:programme/create-unit'],
    ['/custom-unit/c1', 'custom-unit/:customUnit'],
    ['/custom-unit/c1/lesson/2', 'custom-unit/:customUnit/lesson/:lesson'],
    [
      '/custom-unit/c1/lesson/2/activity/a1',
      'custom-unit/:customUnit/lesson/:lesson/activity/:activity/:option?/:delivery?',
    ],
    ['/playlists', 'playlists'],
    ['/playlists/p1', 'playlists/:playlistId'],
  ])('%s opens the page at %s', (url, pattern) => {
    expect(land(url)?.pattern.replace(/^\//, '')).toBe(pattern);
    expect(land(url)?.layout).toBe('shell');
  });

  it.each([
    ['/playlists/p1/slides', {}],
    ['/playlists/p1/slides/2/3', { item: '2', slide: '3' }],
    ['/primary/sound-explorers/unit/u1/lesson/l1/slides', {}],
    ['/primary/sound-explorers/unit/u1/lesson/l1/slides/a1/2', { activity: 'a1', slide: '2' }],
    [
      '/primary/sound-explorers/unit/u1/lesson/l1/activity/a1/slides/4/sub1/2',
      { activity: 'a1', slide: '4', subslideshow: 'sub1', subslide: '2' },
    ],
    ['/live/orchestra-live/the-firebird/activity/a1/slides', { activity: 'a1' }],
    [
      '/secondary/ks-3/project/sound-of-the-city/activity/a1/slides/2',
      { activity: 'a1', slide: '2' },
    ],
    ['/primary/sound-explorers/activities/s1/a1/slides', { section: 's1', activity: 'a1' }],
    ['/primary/activities/s1/a1/slides', { section: 's1', activity: 'a1' }],
    ['/custom-unit/c1/lesson/l1/slides', { customUnit: 'c1', lesson: 'l1' }],
  ])('%s is lesson mode, outside the page shell', (url, params) => {
    const landed = land(url);
    expect(landed?.layout).toBe('lesson-mode');
    expect(landed?.params).toMatchObject(params);
  });

  it("labels the playlist crumbs with the spec's fixed 'Playlists' and 'Playlist'", () => {
    const crumbs = (url: string) =>
      (matchRoutes(routes, url) ?? [])
        .map((match) => (match.route.handle as { crumb?: string } | undefined)?.crumb)
        .filter(Boolean);
    expect(crumbs('/playlists')).toEqual(['Playlists']);
    expect(crumbs('/playlists/p1')).toEqual(['Playlists', 'Playlist']);
  });

  it('sends an unknown path to the catch-all', () => {
    expect(land('/a/b/c/d/e/f/g/h')?.pattern).toBe('/*');
  });

  describe("lesson mode's optional segments, nested (one route object, n + 1 branches)", () => {
    // The same paths written as React Router's optional segments, as the table had them: the
    // reference for where every URL lands and with which parameters.
    const reference: RouteObject[] = [
      {
        id: 'lesson-mode',
        children: LESSON_MODE_PATHS.map((path) => ({ path: `/${path}`, element: null })),
      },
      routes[1]!,
    ];
    /** Every URL of a path: each optional segment present or not, in order, and one too many. */
    const urlsOf = (path: string) => {
      const segments = path
        .split('/')
        .map((segment) =>
          segment.startsWith(':') ? `v-${segment.replace(/[:?]/g, '')}` : segment,
        );
      const required = path.split('/').findIndex((segment) => segment.endsWith('?'));
      return Array.from(
        { length: segments.length - required + 2 },
        (_, extra) =>
          `/${[...segments.slice(0, required + extra), ...(required + extra > segments.length ? ['x'] : [])].join('/')}`,
      );
    };
    const urls = LESSON_MODE_PATHS.flatMap(urlsOf);

    it('lands every URL where the optional segments did, with the same parameters', () => {
      expect(urls.length).toBeGreaterThan(80);
      for (const url of urls) {
        const got = matchRoutes(routes, url);
        const want = matchRoutes(reference, url);
        expect({ url, layout: got?.[0]?.route.id ?? 'shell' }).toEqual({
          url,
          layout: want?.[0]?.route.id ?? 'shell',
        });
        expect({ url, params: got?.at(-1)?.params }).toEqual({ url, params: want?.at(-1)?.params });
      }
    });

    it('gives the page the same route object at every depth, so a slide change never remounts it', () => {
      for (const path of LESSON_MODE_PATHS) {
        const pages = urlsOf(path)
          .slice(0, -1)
          .map((url) => matchRoutes(routes, url)?.[1]?.route);
        expect(
          pages.every(
            (page) => page !== undefined && page === pages[0] && typeof page.lazy === 'function',
          ),
        ).toBe(true);
      }
    });
  });
});
