import { QueryBoundary } from '../../../lib/ui/query-boundary';
import { useActivitySlideShow } from '../../../lib/lesson-content/activity-slide-show';
import { activityDeck } from '../model/family-decks';
import type { RouteFamily } from '../model/route-family';
import { DeckView } from './deck-view';
import { LessonModeMessage } from './lesson-mode-message';

/** One activity's slides, for every `.../activity/{activity}/slides/...` route. */
export function ActivityDeck({ family }: { family: Extract<RouteFamily, { kind: 'activity' }> }) {
  const query = useActivitySlideShow({ id: family.activityId });
  return (
    <QueryBoundary query={query}>
      {(activity) =>
        activity ? (
          <DeckView deck={activityDeck(activity, family)} params={family.slide} />
        ) : (
          <LessonModeMessage
            family={family}
            title="Activity not found"
            message="This activity could not be found."
          />
        )
      }
    </QueryBoundary>
  );
}
