import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { Spinner } from '../../../lib/ui/spinner';
import { useCustomLessonSlideShow } from '../api/custom-lesson-slide-show';
import { useActivitySlideShows } from '../hooks/use-activity-slide-shows';
import { customLessonActivities, customLessonDeck } from '../model/family-decks';
import type { RouteFamily } from '../model/route-family';
import { DeckView } from './deck-view';
import { LessonModeMessage } from './lesson-mode-message';

type CustomLessonFamily = Extract<RouteFamily, { kind: 'custom-lesson' }>;

/** A custom unit's lesson: [/{audience}/{programme}]/custom-unit/{unit}/lesson/{lesson}/slides/... */
export function CustomLessonDeck({ family }: { family: CustomLessonFamily }) {
  const query = useCustomLessonSlideShow({ unit: family.customUnitId });
  return (
    <QueryBoundary query={query}>
      {(data) => {
        const lesson = customLessonActivities(data, family.lessonId);
        if (!lesson) {
          return (
            <LessonModeMessage
              family={family}
              title="Lesson not found"
              message="This lesson is not part of your unit."
            />
          );
        }
        if (lesson.disabled) {
          return (
            <LessonModeMessage
              family={family}
              title={lesson.title}
              message="Lesson mode is not available for this lesson."
            />
          );
        }
        return (
          <CustomLessonSlides family={family} title={lesson.title} activities={lesson.activities} />
        );
      }}
    </QueryBoundary>
  );
}

function CustomLessonSlides({
  family,
  title,
  activities,
}: {
  family: CustomLessonFamily;
  title: string;
  activities: { documentId: string; title: string }[];
}) {
  const { pending, slideshows, unavailable } = useActivitySlideShows(
    activities.map((activity) => activity.documentId),
    true,
  );
  if (pending) return <Spinner />;
  return (
    <DeckView
      deck={customLessonDeck(title, activities, slideshows, family, unavailable)}
      params={family.slide}
    />
  );
}
