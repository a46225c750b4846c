import { useCallback, useState } from 'react';
import { STORAGE_KEY_PREFIXES } from '../../../lib/storage-keys';

/**
 * The unit builder's chosen strands, kept in localStorage per programme until the unit is
 * created: a failed save, a lost connection or a reload never loses a teacher's choices. They
 * are the signed-in teacher's, so they leave with the session (storage-keys.ts, SIGNED_IN_ONLY).
 */
export function useBuilderChoices(key: string) {
  const storageKey = `${STORAGE_KEY_PREFIXES.unitBuilder}${key}`;
  const [chosen, setChosen] = useState<string[]>(() => readChoices(storageKey));

  const update = useCallback(
    (next: string[]) => {
      setChosen(next);
      try {
        if (next.length === 0) localStorage.removeItem(storageKey);
        else localStorage.setItem(storageKey, JSON.stringify(next));
      } catch {
        // Storage full or disabled: the choices still live in this page.
      }
    },
    [storageKey],
  );

  return [chosen, update] as const;
}

function readChoices(storageKey: string): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Toggles a strand, refusing a new one once the required number is chosen. */
export function toggleStrand(chosen: readonly string[], id: string, required: number): string[] {
  if (chosen.includes(id)) return chosen.filter((other) => other !== id);
  return chosen.length >= required ? [...chosen] : [...chosen, id];
}
