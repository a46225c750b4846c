import type Dexie from 'dexie';

/**
 * WebKit (Safari on iPads) keeps a page the teacher leaves in its back/forward cache, frozen,
 * with its IndexedDB transactions still open. Every later page that reads or writes the same
 * stores then waits behind them: the playlists page sat on "Loading…" and the sync indicator on
 * "Checking" until the tab was closed (seen in WebKitGTK, engines/journeys.mjs "full reloads").
 *
 * So when the page is hidden into that cache, what it still has open is aborted: a browser that
 * discards the page aborts it too, so nothing is lost that a plain unload would have kept, and
 * the sync engine's work is idempotent (the outbox and the next pull redo it). Transactions
 * begun while the page is hidden are aborted at once. A page brought back after losing a
 * transaction reloads, so no screen is left showing what a failed read could not fill in.
 */
export function releaseTransactionsWhenPageHides(
  database: Dexie,
  target: Window | undefined = globalThis.window,
): void {
  // Node (the CMS tests share the playlist model through this module) has no page to hide.
  if (!target) return;
  const open = new Set<IDBTransaction>();
  let hidden = false;
  let aborted = false;

  const abort = (transaction: IDBTransaction) => {
    try {
      transaction.abort();
      aborted = true;
    } catch {
      // Already finished: nothing held.
    }
  };

  database.use({
    stack: 'dbcore',
    name: 'release-on-page-hide',
    create: (down) => ({
      ...down,
      transaction(stores, mode, options) {
        const handle = down.transaction(stores, mode, options);
        // Dexie's IndexedDB core hands out the native transaction itself.
        const transaction = handle as unknown as IDBTransaction;
        if (typeof transaction.abort !== 'function') return handle;
        if (hidden) {
          abort(transaction);
          return handle;
        }
        open.add(transaction);
        const settle = () => open.delete(transaction);
        transaction.addEventListener('complete', settle);
        transaction.addEventListener('abort', settle);
        transaction.addEventListener('error', settle);
        return handle;
      },
    }),
  });

  target.addEventListener('pagehide', (event) => {
    // A page that is unloaded for good loses its transactions anyway; only a cached one holds.
    if (!(event as PageTransitionEvent).persisted) return;
    hidden = true;
    for (const transaction of open) abort(transaction);
    open.clear();
  });
  target.addEventListener('pageshow', (event) => {
    if (!(event as PageTransitionEvent).persisted) return;
    hidden = false;
    if (aborted) target.location.reload();
  });
}
