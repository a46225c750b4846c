import { useEffect, useState } from 'react';

export interface SearchFilters {
  q: string;
  kind?: string;
  audience?: string;
  time?: string;
  keyStage?: string;
}

/** The results page's address for a search: `/search?q=…` (bookmarkable, shareable). */
export function searchHref(filters: SearchFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  return `/search?${params}`;
}

/** `value`, once it has not changed for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
