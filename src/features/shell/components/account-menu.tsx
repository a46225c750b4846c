import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useAccessStore } from '../../../lib/auth/access-store';
import { selectIsLoggedIn, useAuthStore } from '../../../lib/auth/auth-store';
import { Spinner } from '../../../lib/ui/spinner';

// A visitor's first load carries only the visitor's two links; the signed-in menu (greeting,
// account links, Log Out with its last sync) loads once someone is signed in.
const SignedInMenu = lazy(async () => ({
  default: (await import('./signed-in-menu')).SignedInMenu,
}));

/** 'Your Account' for a signed-in user, 'Sign up' and 'Log In' for a visitor. */
export function AccountMenu() {
  const loggedIn = useAuthStore(selectIsLoggedIn);
  const openLoginPanel = useAccessStore((state) => state.openLoginPanel);

  if (loggedIn)
    return (
      <Suspense
        fallback={
          <div className="account-menu account-menu--loading">
            <Spinner label="Loading your account…" />
          </div>
        }
      >
        <SignedInMenu />
      </Suspense>
    );
  return (
    <ul className="account-menu" aria-label="Account">
      <li>
        <Link to="/subscribe">Sign up</Link>
      </li>
      <li>
        <button type="button" className="link-button" onClick={() => openLoginPanel()}>
          Log In
        </button>
      </li>
    </ul>
  );
}
