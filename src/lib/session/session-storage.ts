/**
 * The signed-in session as the spec stores it: local storage keys `user`, `auth` (the JWT) and
 * `role`. This module is the only code that reads or writes those keys.
 */
export const SESSION_KEYS = { user: 'user', token: 'auth', role: 'role' } as const;

export interface StoredUser {
  id: number;
  documentId?: string;
  email: string;
  username?: string;
}

function readJson(key: string): unknown {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function isStoredUser(value: unknown): value is StoredUser {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as StoredUser).id === 'number' &&
    typeof (value as StoredUser).email === 'string'
  );
}

export function readToken(): string | null {
  return localStorage.getItem(SESSION_KEYS.token);
}

export function readUser(): StoredUser | null {
  const value = readJson(SESSION_KEYS.user);
  return isStoredUser(value) ? value : null;
}

export function readRole(): string | null {
  return localStorage.getItem(SESSION_KEYS.role);
}

export function writeSession(session: { user: StoredUser; token: string; role?: string | null }) {
  localStorage.setItem(SESSION_KEYS.user, JSON.stringify(session.user));
  localStorage.setItem(SESSION_KEYS.token, session.token);
  if (session.role) localStorage.setItem(SESSION_KEYS.role, session.role);
}

/** The id used to partition caches per user; anonymous visitors share one partition. */
export function cachePartitionId(): string {
  return String(readUser()?.id ?? 'anon');
}
