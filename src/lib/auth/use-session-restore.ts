import { useEffect } from 'react';
import { useAuthStore } from './auth-store';

/**
 * On start, a stored session refreshes its role and profile (the role may have changed since,
 * and the profile is not kept in storage). Offline, the stored role stands until it can.
 */
export function useSessionRestore(): void {
  const token = useAuthStore((state) => state.authToken);
  const hasProfile = useAuthStore((state) => state.userProfile !== null);
  useEffect(() => {
    if (!token || hasProfile) return;
    useAuthStore
      .getState()
      .loadRoleAndProfile()
      .catch(() => undefined);
  }, [token, hasProfile]);
}
