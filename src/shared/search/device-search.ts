import type { SearchAnswer, SearchParams } from './search-cms';

/** Offline search over this device's own index. */
export async function searchDevice(_params: SearchParams): Promise<SearchAnswer> {
  return {
    total: 0,
    corrected: null,
    facets: { kind: {}, audience: {}, time: {} },
    results: [],
    device: { items: 0 },
  };
}
