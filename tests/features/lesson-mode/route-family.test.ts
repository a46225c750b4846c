import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '../../../src/app/router';
import {
  routeFamily,
  type LessonModeParams,
} from '../../../src/features/lesson-mode/model/route-family';

/** The family lesson mode reads from a URL, with the params the real route table gives. */
function familyOf(url: string) {
  const matches = matchRoutes(routes, url)!;
  return routeFamily(url, matches[matches.length - 1]!.params as LessonModeParams);
}

describe('routeFamily', () => {
  it('reads a lesson, its overview and the way back to the lesson page', () => {
    expect(familyOf('/primary/sound-explorers/unit/u1/lesson/l1/slides')).toMatchObject({
      kind: 'lesson',
      lessonId: 'l1',
      basePath: '/primary/sound-explorers/unit/u1/lesson/l1/slides',
      exitPath: '/primary/sound-explorers/unit/u1/lesson/l1',
      slide: { entry: undefined },
    });
  });

  it('reads an activity, a slide and a sub-slideshow in a lesson', () => {
    expect(familyOf('/primary/sound-explorers/unit/u1/lesson/l1/slides/a1/4/sub1/2')).toMatchObject(
      {
        kind: 'lesson',
        basePath: '/primary/sound-explorers/unit/u1/lesson/l1/slides',
        slide: { entry: 'a1', slide: '4', subslideshow: 'sub1', subslide: '2' },
      },
    );
  });

  it.each([
    [
      '/primary/sound-explorers/unit/u1/lesson/l1/activity/a1/slides/2',
      '/primary/sound-explorers/unit/u1/lesson/l1/activity/a1',
    ],
    [
      '/live/orchestra-live/the-firebird/activity/a1/slides',
      '/live/orchestra-live/the-firebird/activity/a1',
    ],
    [
      '/secondary/ks-3/project/sound-of-the-city/activity/a1/slides/3/s/1',
      '/secondary/ks-3/project/sound-of-the-city/activity/a1',
    ],
    [
      '/primary/sound-explorers/activities/s1/a1/slides',
      '/primary/sound-explorers/activities/s1/a1',
    ],
    ['/primary/activities/s1/a1/slides/1', '/primary/activities/s1/a1'],
    ['/custom-unit/c1/lesson/2/activity/a1/slides', '/custom-unit/c1/lesson/2/activity/a1'],
  ])('reads %s as one activity that exits to %s', (url, exitPath) => {
    expect(familyOf(url)).toMatchObject({
      kind: 'activity',
      activityId: 'a1',
      exitPath,
      basePath: `${exitPath}/slides`,
    });
  });

  it('reads a custom unit lesson in both forms', () => {
    expect(familyOf('/custom-unit/c1/lesson/2/slides/a1')).toMatchObject({
      kind: 'custom-lesson',
      customUnitId: 'c1',
      lessonId: '2',
      slide: { entry: 'a1' },
    });
    expect(familyOf('/primary/sound-explorers/custom-unit/c1/lesson/2/slides')).toMatchObject({
      kind: 'custom-lesson',
      exitPath: '/primary/sound-explorers/custom-unit/c1/lesson/2',
    });
  });

  it('reads a playlist item and exits to the playlist page', () => {
    expect(familyOf('/playlists/p1/slides/2/3')).toMatchObject({
      kind: 'playlist',
      playlistId: 'p1',
      basePath: '/playlists/p1/slides',
      exitPath: '/playlists/p1',
      slide: { entry: '2', slide: '3' },
    });
  });
});
