import { useEffect } from 'react';
import { useAuthStore } from './auth-store';

function loadAccount() {
  useAuthStore
    .getState()
    .loadRoleAndProfile()
    .catch(() => undefined);
}

/**
 * On start, a stored session refreshes its role and profile (the role may have changed since,
 * and the profile is not kept in storage). Offline, the stored role stands until it can: a
 * failed load is tried again when the browser is back online.
 */
export function useSessionRestore(): void {
  const token = useAuthStore((state) => state.authToken);
  const accountLoad = useAuthStore((state) => state.accountLoad);
  useEffect(() => {
    if (!token) return;
    if (accountLoad === 'pending') {
      loadAccount();
      return;
    }
    if (accountLoad !== 'failed') return;
    window.addEventListener('online', loadAccount);
    return () => window.removeEventListener('online', loadAccount);
  }, [token, accountLoad]);
}
