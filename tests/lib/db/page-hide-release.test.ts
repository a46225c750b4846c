import 'fake-indexeddb/auto';
import Dexie, { type EntityTable } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { releaseTransactionsWhenPageHides } from '../../../src/lib/db/page-hide-release';

interface Row {
  key: string;
  value: string;
}

class TestDatabase extends Dexie {
  rows!: EntityTable<Row, 'key'>;
  constructor(name: string) {
    super(name);
    this.version(1).stores({ rows: 'key' });
  }
}

/** A window stand-in: its own event target and a reload the test can watch. */
function fakeWindow() {
  const target = new EventTarget() as EventTarget & { location: { reload: () => void } };
  target.location = { reload: vi.fn() };
  return target;
}

function pageTransition(type: 'pagehide' | 'pageshow', persisted: boolean) {
  const event = new Event(type);
  Object.defineProperty(event, 'persisted', { value: persisted });
  return event;
}

let database: TestDatabase | null = null;
afterEach(async () => {
  database?.close();
  if (database) await Dexie.delete(database.name);
  database = null;
});

function open(target: ReturnType<typeof fakeWindow>) {
  database = new TestDatabase(`page-hide-${crypto.randomUUID()}`);
  releaseTransactionsWhenPageHides(database, target as unknown as Window);
  return database;
}

describe('releaseTransactionsWhenPageHides', () => {
  it('aborts a transaction still open when the page goes into the back/forward cache, so it holds nothing', async () => {
    const target = fakeWindow();
    const db = open(target);
    const writing = db.transaction('rw', db.rows, async () => {
      await db.rows.put({ key: 'a', value: 'one' });
      target.dispatchEvent(pageTransition('pagehide', true));
      await db.rows.put({ key: 'b', value: 'two' });
    });
    // Dexie reports the abort, or the next request on the aborted transaction fails.
    await expect(writing).rejects.toThrow();
    // Brought back: the page reloads rather than show what the aborted work left unfilled.
    target.dispatchEvent(pageTransition('pageshow', true));
    expect(target.location.reload).toHaveBeenCalledTimes(1);
    // Rolled back, and the store answers the next reader at once.
    expect(await db.rows.count()).toBe(0);
  });

  it('aborts what starts while the page is hidden, and reloads the page if it comes back', async () => {
    const target = fakeWindow();
    const db = open(target);
    await db.rows.put({ key: 'a', value: 'one' });
    target.dispatchEvent(pageTransition('pagehide', true));
    await expect(db.rows.put({ key: 'b', value: 'two' })).rejects.toThrow();
    target.dispatchEvent(pageTransition('pageshow', true));
    expect(target.location.reload).toHaveBeenCalledTimes(1);
    expect(await db.rows.count()).toBe(1);
  });

  it('leaves transactions alone when the page is unloaded for good or nothing was open', async () => {
    const target = fakeWindow();
    const db = open(target);
    const writing = db.transaction('rw', db.rows, async () => {
      await db.rows.put({ key: 'a', value: 'one' });
      target.dispatchEvent(pageTransition('pagehide', false));
      await db.rows.put({ key: 'b', value: 'two' });
    });
    await expect(writing).resolves.toBeUndefined();
    expect(await db.rows.count()).toBe(2);
    // Let the finished transactions report 'complete', as they have long before a real page hides
    // (fake-indexeddb reports it a few tasks later, more on a busy machine: one task was too few
    // in a full run).
    await new Promise((resolve) => setTimeout(resolve, 50));

    target.dispatchEvent(pageTransition('pagehide', true));
    target.dispatchEvent(pageTransition('pageshow', true));
    expect(target.location.reload).not.toHaveBeenCalled();
    expect(await db.rows.count()).toBe(2);
  });
});
