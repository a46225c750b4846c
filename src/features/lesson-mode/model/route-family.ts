import type { DeckPaths } from './deck';

/** The URL parameters lesson mode's routes give (LESSON_MODE_PATHS, src/app/lesson-mode-routes.tsx). */
export interface LessonModeParams {
  playlistId?: string;
  item?: string;
  activity?: string;
  slide?: string;
  subslideshow?: string;
  subslide?: string;
  lesson?: string;
  customUnit?: string;
}

/** Where in a deck the URL points; every part optional (the overview has none). */
export interface SlideParams {
  entry?: string;
  slide?: string;
  subslideshow?: string;
  subslide?: string;
}

/**
 * The eight route families reduced to four data sources: a lesson, a custom unit's lesson, a
 * playlist (all with an overview, the entry named in the URL) and one activity (every
 * `.../activity/{activity}/slides` route: no overview).
 */
export type RouteFamily = DeckPaths & { slide: SlideParams } & (
    | { kind: 'lesson'; lessonId: string }
    | { kind: 'custom-lesson'; customUnitId: string; lessonId: string }
    | { kind: 'playlist'; playlistId: string }
    | { kind: 'activity'; activityId: string }
  );

/**
 * Reads the family from the path and parameters. The base path is the path without the slide
 * parameters that are present (React Router fills optional parameters in order), so it ends in
 * `/slides` whatever ids the path holds.
 */
export function routeFamily(pathname: string, params: LessonModeParams): RouteFamily | null {
  const segments = pathname.replace(/\/+$/, '').split('/');
  const tail = {
    slide: params.slide,
    subslideshow: params.subslideshow,
    subslide: params.subslide,
  };
  const entryParam = params.playlistId ? params.item : params.activity;
  let at = segments.length - Object.values(tail).filter((value) => value !== undefined).length;
  if (segments[at - 1] !== 'slides' && entryParam !== undefined) at -= 1;
  if (segments[at - 1] !== 'slides') return null;
  const paths = {
    basePath: segments.slice(0, at).join('/'),
    exitPath: segments.slice(0, at - 1).join('/') || '/',
  };

  if (params.playlistId) {
    return {
      kind: 'playlist',
      playlistId: params.playlistId,
      ...paths,
      slide: { entry: params.item, ...tail },
    };
  }
  if (segments[at - 3] === 'lesson' && params.lesson) {
    const slide = { entry: params.activity, ...tail };
    return params.customUnit
      ? {
          kind: 'custom-lesson',
          customUnitId: params.customUnit,
          lessonId: params.lesson,
          ...paths,
          slide,
        }
      : { kind: 'lesson', lessonId: params.lesson, ...paths, slide };
  }
  if (params.activity)
    return { kind: 'activity', activityId: params.activity, ...paths, slide: tail };
  return null;
}
