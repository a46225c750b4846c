import '../lesson-mode.css';
import { Link, useLocation, useParams } from 'react-router-dom';
import { selectIsLoggedIn, useAuthStore } from '../../../lib/auth/auth-store';
import { useCanAccessContent, useInPreview } from '../../../lib/preview/in-preview';
import { ActivityDeck } from '../components/activity-deck';
import { CustomLessonDeck } from '../components/custom-lesson-deck';
import { LessonDeck } from '../components/lesson-deck';
import { LessonModeMessage } from '../components/lesson-mode-message';
import { PlaylistDeckView } from '../components/playlist-deck-view';
import { routeFamily, type LessonModeParams } from '../model/route-family';

/**
 * Lesson mode (spec part 2, "Lesson mode"): every route family becomes a Deck, and the URL says
 * where in it the class is (overview, slide, sub-slideshow), so reload, Back and Forward and a
 * shared link all land on the same slide. Slideshows are for subscribers only: nobody else's
 * page asks the CMS for them (a playlist's audio items still play for everyone signed in).
 */
export function LessonModePage() {
  const params = useParams() as LessonModeParams;
  const { pathname } = useLocation();
  // An editor's preview needs no sign-in: its token is what the CMS reads by.
  const signedIn = useAuthStore(selectIsLoggedIn);
  const loggedIn = useInPreview() || signedIn;
  const canAccess = useCanAccessContent();
  const family = routeFamily(pathname, params);

  if (!family) {
    return <LessonModeMessage family={null} title="Lost?" message="That page could not be found" />;
  }
  if (!loggedIn) {
    return (
      <LessonModeMessage
        family={family}
        title="Lesson mode"
        message="You need to be logged in to access this content."
      >
        <p>
          <Link className="button lesson-mode__button" to="/login">
            Login
          </Link>
        </p>
      </LessonModeMessage>
    );
  }
  if (family.kind === 'playlist') return <PlaylistDeckView family={family} />;
  if (!canAccess) {
    return (
      <LessonModeMessage
        family={family}
        title="Subscribe"
        message="You need an active subscription to access this content."
      >
        <p>
          <Link className="button lesson-mode__button" to="/subscribe">
            Subscribe now
          </Link>
        </p>
      </LessonModeMessage>
    );
  }
  if (family.kind === 'lesson') return <LessonDeck family={family} />;
  if (family.kind === 'custom-lesson') return <CustomLessonDeck family={family} />;
  return <ActivityDeck family={family} />;
}
