import { useAccessStore } from '../../../lib/auth/access-store';
import { useCurrentPath } from '../../../lib/content/route-context';
import { useStateTitle } from '../../../lib/ui/use-document-title';

/** Playlists need a signed-in user (spec part 1, "Playlists"); the spec's text for visitors. */
export function SignInNeeded({ name = 'Your Playlists' }: { name?: string }) {
  // The title names the state, not only the page (WCAG 2.4.2).
  useStateTitle(`${name} (log in needed)`);
  const openLoginPanel = useAccessStore((state) => state.openLoginPanel);
  const path = useCurrentPath();
  return (
    <div className="notice">
      <p>You need to be logged in to access this content.</p>
      <button type="button" className="button" onClick={() => openLoginPanel(path)}>
        Log In
      </button>
    </div>
  );
}
