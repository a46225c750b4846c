'use strict';

/**
 * Requests for one playlist wait their turn in this process, before they take a database
 * connection. The transaction's lock (services/playlist-sync.js, lockClientId) still serializes
 * them across instances, but a request blocked on that lock holds one of the pool's few
 * connections while it waits: with a school's devices syncing the same playlists at once, the
 * pool filled with waiters and every other teacher's sync and pull queued behind them. Queued
 * here instead, a playlist holds at most one connection per instance, waiting or working.
 * @returns {<T>(key: string, task: () => Promise<T>) => Promise<T>}
 */
function oneAtATime() {
  /** The promise that settles when the last task queued for a key has finished. */
  const tails = new Map();
  return async function run(key, task) {
    const before = tails.get(key) ?? Promise.resolve();
    /** @type {(value?: unknown) => void} */
    let finished = () => {};
    const mine = new Promise((resolve) => {
      finished = resolve;
    });
    const tail = before.then(() => mine);
    tails.set(key, tail);
    try {
      await before;
      return await task();
    } finally {
      finished();
      // The last in line leaves no entry behind: the map holds only keys with work queued.
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}

module.exports = { oneAtATime };
