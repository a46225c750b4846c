import { signOut } from './sign-out';

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

/** Log Out: ends the session and purges this teacher's data from a shared device, then home. */
export function logout(navigate: (path: string) => void): Promise<void> {
  return signOut('logout', navigate);
}
