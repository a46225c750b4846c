import { Link, useNavigate } from 'react-router-dom';
import { useAuthStore } from '../../../lib/auth/auth-store';
import { logout, logoutWarnings } from '../../../lib/auth/logout';
import { Spinner } from '../../../lib/ui/spinner';
import { NavDropdown } from './nav-dropdown';

const LAST_SYNC_WAIT_MS = 5_000;

function initials(first?: string | null, last?: string | null, email?: string): string {
  const letters = `${first?.[0] ?? ''}${last?.[0] ?? ''}`;
  return (letters || email?.[0] || '?').toUpperCase();
}

/** 'Your Account' for a signed-in user: Account details, Offline storage and Log Out. */
export function SignedInMenu() {
  const navigate = useNavigate();
  const profile = useAuthStore((state) => state.userProfile);
  const user = useAuthStore((state) => state.user);
  const accountLoad = useAuthStore((state) => state.accountLoad);

  async function onLogout() {
    // Offer the outbox one last chance to reach the CMS before warning about what is left.
    if (navigator.onLine) {
      const { syncNow } = await import('../../../lib/sync/sync-engine');
      await Promise.race([syncNow(), new Promise((done) => setTimeout(done, LAST_SYNC_WAIT_MS))]);
    }
    const warnings = await logoutWarnings();
    if (warnings.length > 0 && !window.confirm(`${warnings.join('\n')}\n\nLog out anyway?`)) return;
    void logout((path) => void navigate(path));
  }

  // Spec part 1, section 4: logged in once the role-and-profile query has answered; until then
  // the greeting would show the e-mail and then jump to the name.
  if (accountLoad === 'pending') {
    return (
      <div className="account-menu account-menu--loading">
        <Spinner label="Loading your account…" />
      </div>
    );
  }

  const name = [profile?.first_name, profile?.last_name].filter(Boolean).join(' ');
  // The greeting is the toggle's visible label, so it stays on screen; the actions sit behind it.
  const toggleLabel = (
    <>
      <span className="account-menu__initials" aria-hidden="true">
        {initials(profile?.first_name, profile?.last_name, user?.email)}
      </span>
      <span className="account-menu__greeting">Welcome back, {name || user?.email}!</span>
    </>
  );
  return (
    <ul className="account-menu account-menu--signed-in" aria-label="Your Account">
      <NavDropdown label={toggleLabel} align="end">
        <li>
          <Link to="/subscribe">Account details</Link>
        </li>
        <li>
          <Link to="/offline">Offline storage</Link>
        </li>
        <li>
          <button type="button" className="link-button" onClick={() => void onLogout()}>
            Log Out
          </button>
        </li>
      </NavDropdown>
    </ul>
  );
}
