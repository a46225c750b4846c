import { describe, expect, it } from 'vitest';
import { applyOperations, type PlaylistItem } from '@music-classroom/shared/playlist-ops';
import { itemChanges } from '../../../src/lib/sync/item-diff';

const item = (key: string): PlaylistItem => ({
  key,
  kind: 'ComponentPlaylistsActivity',
  itemId: key,
  title: key,
  contextPath: '',
});

/** Applies the changes to the old order as the CMS would, and returns the keys. */
function replay(oldKeys: string[], newKeys: string[]) {
  const ops = itemChanges(oldKeys, newKeys).map((change, index) => ({
    id: String(index),
    ...change,
  }));
  const { state } = applyOperations(
    { title: 't', audienceId: null, items: oldKeys.map(item) },
    ops,
  );
  return { keys: state?.items.map((entry) => entry.key), ops };
}

describe('itemChanges: an edit-mode save as removes and moves', () => {
  it('records nothing when nothing changed', () => {
    expect(itemChanges(['a', 'b', 'c'], ['a', 'b', 'c'])).toEqual([]);
  });

  it('records one move for one item dragged, not a move per shifted item', () => {
    expect(itemChanges(['a', 'b', 'c', 'd', 'e'], ['a', 'e', 'b', 'c', 'd'])).toEqual([
      { type: 'moveItem', key: 'e', after: 'a' },
    ]);
    expect(itemChanges(['a', 'b', 'c'], ['c', 'a', 'b'])).toEqual([
      { type: 'moveItem', key: 'c', after: null },
    ]);
  });

  it('records removals, then the moves among what is left', () => {
    expect(itemChanges(['a', 'b', 'c', 'd'], ['d', 'b'])).toEqual([
      { type: 'removeItem', key: 'a' },
      { type: 'removeItem', key: 'c' },
      { type: 'moveItem', key: 'd', after: null },
    ]);
  });

  it('gives exactly the new order for every permutation of five items with any removals', () => {
    const keys = ['a', 'b', 'c', 'd', 'e'];
    const permutations = (list: string[]): string[][] =>
      list.length <= 1
        ? [list]
        : list.flatMap((first, i) =>
            permutations([...list.slice(0, i), ...list.slice(i + 1)]).map((rest) => [
              first,
              ...rest,
            ]),
          );
    let checked = 0;
    for (let mask = 0; mask < 32; mask += 1) {
      const kept = keys.filter((_, i) => mask & (1 << i));
      for (const order of permutations(kept)) {
        const { keys: result, ops } = replay(keys, order);
        expect(result).toEqual(order);
        // Never more moves than items that left their place.
        expect(ops.filter((op) => op.type === 'moveItem').length).toBeLessThan(
          Math.max(order.length, 1),
        );
        checked += 1;
      }
    }
    expect(checked).toBe(326);
  });
});
