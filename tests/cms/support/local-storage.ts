import { vi } from 'vitest';

/**
 * The app's modules read the session from local storage; in the CMS tests (Node, no DOM) they get
 * this in-memory stand-in, so app code can be driven against a real CMS.
 */
export function stubLocalStorage(): void {
  const stored = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
    clear: () => stored.clear(),
  });
}
