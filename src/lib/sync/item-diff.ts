/**
 * 'Save Changes' in edit mode hands over the playlist's new order without the removed items;
 * the outbox records what the teacher did instead (operations, not snapshots), so that
 * another device's edits to the same playlist survive: one removeItem per removed item, and a
 * moveItem only for the items the teacher really moved. The items that keep their relative order
 * are the longest increasing run of their old positions; every other item moves after its new
 * predecessor, in the new order, so applying the moves in turn gives exactly the new order.
 */
export type ItemChange =
  { type: 'removeItem'; key: string } | { type: 'moveItem'; key: string; after: string | null };

/** Indexes (into `values`) of one longest strictly increasing subsequence, O(n log n). */
function longestIncreasingRun(values: number[]): Set<number> {
  const tails: number[] = [];
  const previous = new Array<number>(values.length).fill(-1);
  values.forEach((value, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (values[tails[middle]!]! < value) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[index] = tails[low - 1]!;
    tails[low] = index;
  });
  const run = new Set<number>();
  for (let index = tails.at(-1) ?? -1; index !== -1; index = previous[index]!) run.add(index);
  return run;
}

export function itemChanges(oldKeys: readonly string[], newKeys: readonly string[]): ItemChange[] {
  const kept = new Set(newKeys);
  const changes: ItemChange[] = oldKeys
    .filter((key) => !kept.has(key))
    .map((key) => ({ type: 'removeItem', key }));
  const remaining = oldKeys.filter((key) => kept.has(key));
  const oldIndex = new Map(remaining.map((key, index) => [key, index]));
  // Keys the old list did not have cannot be placed by a move; the editor never adds items.
  const order = newKeys.filter((key) => oldIndex.has(key));
  const staying = longestIncreasingRun(order.map((key) => oldIndex.get(key)!));
  order.forEach((key, index) => {
    if (!staying.has(index))
      changes.push({ type: 'moveItem', key, after: index === 0 ? null : order[index - 1]! });
  });
  return changes;
}
