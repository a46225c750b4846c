import { postToWorker } from '../sw-bridge';
import { readUser } from '../session/session-storage';
import { useAuthStore } from './auth-store';

/**
 * Things that must be said before a logout loses them (the playlist outbox registers one). Each
 * guard returns a warning, or null when there is nothing to lose.
 */
type LogoutGuard = () => Promise<string | null>;
const guards = new Set<LogoutGuard>();

export function registerLogoutGuard(guard: LogoutGuard): () => void {
  guards.add(guard);
  return () => guards.delete(guard);
}

export async function logoutWarnings(): Promise<string[]> {
  const warnings = await Promise.all([...guards].map((guard) => guard()));
  return warnings.filter((warning): warning is string => warning !== null);
}

/** Clears the session, this user's cached answers on a shared device, then goes home. */
export function logout(navigate: (path: string) => void): void {
  const user = readUser();
  if (user) postToWorker({ type: 'PURGE_USER', userId: String(user.id) });
  useAuthStore.getState().logout();
  navigate('/');
}
