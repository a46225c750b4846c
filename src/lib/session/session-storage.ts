import { SESSION_KEYS, SIGNED_IN_ONLY, STORAGE_KEYS } from '../storage-keys';

/**
 * The signed-in session as the spec stores it: local storage keys `user`, `auth` (the JWT) and
 * `role`. This module is the only code that reads or writes those keys (a lint rule keeps it so),
 * and the one place that says the session changed: the query cache, the sync engine and the
 * background work subscribe here (onSessionChange).
 */
export interface StoredUser {
  id: number;
  documentId?: string;
  email: string;
  username?: string;
}

export interface Session {
  user: StoredUser | null;
  token: string | null;
  role: string | null;
}

type SessionListener = (session: Session, previous: Session) => void;
const listeners = new Set<SessionListener>();

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
  return localStorage.getItem(STORAGE_KEYS.auth);
}

export function readUser(): StoredUser | null {
  const value = readJson(STORAGE_KEYS.user);
  return isStoredUser(value) ? value : null;
}

export function readRole(): string | null {
  return localStorage.getItem(STORAGE_KEYS.role);
}

export function readSession(): Session {
  return { user: readUser(), token: readToken(), role: readRole() };
}

/**
 * Tells `listener` each time the stored session changes in this tab: a sign-in, a new role, a
 * sign-out. Returns the function that stops it.
 */
export function onSessionChange(listener: SessionListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changing(write: () => void) {
  const previous = readSession();
  write();
  const session = readSession();
  if (
    session.token === previous.token &&
    session.role === previous.role &&
    session.user?.id === previous.user?.id
  )
    return;
  for (const listener of [...listeners]) listener(session, previous);
}

export function writeSession(session: { user: StoredUser; token: string; role?: string | null }) {
  changing(() => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
    localStorage.setItem(STORAGE_KEYS.auth, session.token);
    if (session.role) localStorage.setItem(STORAGE_KEYS.role, session.role);
  });
}

/** The role the CMS named for this session (kept for offline starts). */
export function writeRole(role: string) {
  changing(() => localStorage.setItem(STORAGE_KEYS.role, role));
}

/**
 * Sign-out's first step: the session's keys go, with what else was only the signed-in teacher's
 * (storage-keys.ts, SIGNED_IN_ONLY). Storage is never wiped whole: the device's own settings, such
 * as each recording's practice settings, stay for whoever uses it next.
 */
export function clearSession() {
  changing(() => {
    for (const key of [...SESSION_KEYS, ...SIGNED_IN_ONLY.local]) localStorage.removeItem(key);
    const stored = Array.from({ length: localStorage.length }, (_, index) =>
      localStorage.key(index),
    );
    for (const key of stored) {
      if (key && SIGNED_IN_ONLY.localPrefixes.some((prefix) => key.startsWith(prefix)))
        localStorage.removeItem(key);
    }
    try {
      for (const key of SIGNED_IN_ONLY.session) sessionStorage.removeItem(key);
    } catch {
      // No session storage (blocked): nothing was kept there either.
    }
  });
}

/** The id used to partition caches per user; anonymous visitors share one partition. */
export function cachePartitionId(): string {
  return String(readUser()?.id ?? 'anon');
}

/**
 * A sign-out or another sign-in in another tab of this device ends this tab's session too: the
 * page starts again from what is stored, so nothing of the teacher who left stays on its screen
 * (their greeting, a list of their results). Returns the function that stops following.
 */
export function followOtherTabs(startAgain: () => void = () => window.location.reload()) {
  const token = readToken();
  const onStorage = (event: StorageEvent) => {
    // A key of this tab's session changed in another tab (null: that tab cleared storage whole).
    if (event.key !== null && event.key !== STORAGE_KEYS.auth) return;
    if (readToken() !== token) startAgain();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
