import { useAccessStore } from '../auth/access-store';
import { selectIsLoggedIn, useAuthStore } from '../auth/auth-store';
import { useCurrentPath } from '../content/route-context';
import { useStateTitle } from './use-document-title';

/**
 * Units and lessons are for active subscribers; say so with the way in, never an empty page. The
 * document title names the state too ('Lesson (log in needed)'), not only the page (WCAG 2.4.2).
 */
export function SubscriberOnly({ what, name = what }: { what: string; name?: string }) {
  const loggedIn = useAuthStore(selectIsLoggedIn);
  useStateTitle(`${name} (${loggedIn ? 'subscription needed' : 'log in needed'})`);
  const { openLoginPanel, openSubscribeModal } = useAccessStore();
  const path = useCurrentPath();
  return (
    <div className="notice">
      {loggedIn ? (
        <>
          <p>You need an active subscription to access this content.</p>
          <button type="button" className="button" onClick={openSubscribeModal}>
            Subscribe
          </button>
        </>
      ) : (
        <>
          <p>
            You need to be logged in to access this content. {what} are for subscribing schools.
          </p>
          <button type="button" className="button" onClick={() => openLoginPanel(path)}>
            Log In
          </button>
        </>
      )}
    </div>
  );
}
