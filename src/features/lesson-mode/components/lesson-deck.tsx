import { useMemo } from 'react';
import { LessonUpdateNotice } from '../../../shared/offline/lesson-update-notice';
import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { useInPreview } from '../../../lib/preview/in-preview';
import {
  useLessonSlideShow,
  type LessonSlideShowData,
} from '../../../lib/lesson-content/lesson-slide-show';
import { lessonDeck } from '../model/family-decks';
import type { RouteFamily } from '../model/route-family';
import { DeckView } from './deck-view';
import { LessonModeMessage } from './lesson-mode-message';

type LessonFamily = Extract<RouteFamily, { kind: 'lesson' }>;

/** A unit lesson's slides: /{audience}/{programme}/unit/{unit}/lesson/{lesson}/slides/... */
export function LessonDeck({ family }: { family: LessonFamily }) {
  const query = useLessonSlideShow({ id: family.lessonId });
  return (
    <QueryBoundary query={query}>
      {(lesson) =>
        lesson?.disable_lesson_mode ? (
          <LessonModeMessage
            family={family}
            title={lesson.title}
            message="Lesson mode is not available for this lesson."
          />
        ) : lesson ? (
          <LessonSlides lesson={lesson} family={family} />
        ) : (
          <LessonModeMessage
            family={family}
            title="Lesson not found"
            message="This lesson could not be found."
          />
        )
      }
    </QueryBoundary>
  );
}

function LessonSlides({ lesson, family }: { lesson: LessonSlideShowData; family: LessonFamily }) {
  const { basePath, exitPath } = family;
  const preview = useInPreview();
  // The deck is built once per answer, not on every slide change.
  const deck = useMemo(
    () => lessonDeck(lesson, { basePath, exitPath }),
    [lesson, basePath, exitPath],
  );
  // Lesson mode only offers a newer version (on the overview): slides never change mid-class.
  // A preview has no downloaded copy to update, and must not open the device's store.
  const notice = preview ? null : (
    <LessonUpdateNotice lessonId={family.lessonId} unitId={unitOf(basePath)} autoUpdate={false} />
  );
  // The deck is drawn from the lesson's answer; downloaded, its first slide is kept as a snapshot.
  const snapshot = useMemo(
    () =>
      preview
        ? undefined
        : {
            operationName: 'LessonSlideShow',
            variables: { id: family.lessonId },
            field: 'lesson',
            drawnFrom: lesson,
          },
    [preview, family.lessonId, lesson],
  );
  return <DeckView deck={deck} params={family.slide} notice={notice} snapshot={snapshot} />;
}

/** The unit's id in a unit lesson's path (…/unit/{unit}/lesson/{lesson}/slides): its download may hold the lesson. */
function unitOf(path: string): string | undefined {
  return /\/unit\/([^/]+)\/lesson\//.exec(path)?.[1];
}
