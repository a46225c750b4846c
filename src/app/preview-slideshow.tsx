import '../features/lesson-mode/lesson-mode.css';
import { useParams } from 'react-router-dom';
import { LessonModeMessage } from '../features/lesson-mode/components/lesson-mode-message';
import { DeckView } from '../features/lesson-mode/components/deck-view';
import { activityDeck } from '../features/lesson-mode/model/family-decks';
import { QueryBoundary } from '../lib/ui/query-boundary';
import { usePreviewSlideshow } from '../features/preview/api/preview-slideshow';

/**
 * A slideshow has no page of its own: it previews in lesson mode, as the one activity's deck
 * that lesson mode shows for any activity that uses it.
 */
export function PreviewSlideshow({ basePath }: { basePath: string }) {
  const { documentId = '', slide, subslideshow, subslide } = useParams();
  const query = usePreviewSlideshow(documentId);
  const paths = { basePath, exitPath: basePath };
  return (
    <QueryBoundary query={query}>
      {(slideshow) =>
        slideshow ? (
          <DeckView
            deck={activityDeck(
              {
                documentId: slideshow.documentId,
                title: slideshow.title,
                activity_slideshow: slideshow,
              },
              paths,
            )}
            params={{ slide, subslideshow, subslide }}
          />
        ) : (
          <LessonModeMessage
            family={paths}
            title="Slideshow not found"
            message="There is nothing to preview: this version was deleted or has not been saved."
          />
        )
      }
    </QueryBoundary>
  );
}
