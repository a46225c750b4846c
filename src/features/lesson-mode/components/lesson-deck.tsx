import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { useLessonSlideShow } from '../api/lesson-slide-show';
import { lessonDeck } from '../model/family-decks';
import type { RouteFamily } from '../model/route-family';
import { DeckView } from './deck-view';
import { LessonModeMessage } from './lesson-mode-message';

/** A unit lesson's slides: /{audience}/{programme}/unit/{unit}/lesson/{lesson}/slides/... */
export function LessonDeck({ family }: { family: Extract<RouteFamily, { kind: 'lesson' }> }) {
  const query = useLessonSlideShow({ id: family.lessonId });
  return (
    <QueryBoundary query={query}>
      {(lesson) =>
        lesson?.disable_lesson_mode ? (
          <LessonModeMessage family={family} title={lesson.title} message="Lesson mode is not available for this lesson." />
        ) : lesson ? (
          <DeckView deck={lessonDeck(lesson, family)} params={family.slide} />
        ) : (
          <LessonModeMessage family={family} title="Lesson not found" message="This lesson could not be found." />
        )
      }
    </QueryBoundary>
  );
}
