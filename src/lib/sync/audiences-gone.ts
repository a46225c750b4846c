/**
 * Tells the screens that the CMS no longer has an audience this device offered (the sync answer
 * named it as gone), so the audience lists are asked for again and a fresh answer replaces the
 * cached one (the persisted query cache would otherwise keep offering it). No IndexedDB here: the
 * providers listen to it on every page.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

export function onAudiencesGone(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function announceAudiencesGone(): void {
  for (const listener of listeners) listener();
}
