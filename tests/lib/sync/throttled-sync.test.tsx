import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/lib/db/database';
import {
  createPlaylist,
  pendingEditCount,
  updatePlaylistDetails,
} from '../../../src/lib/sync/local-writes';
import { startSyncEngine } from '../../../src/lib/sync/sync-engine';
import { useSyncStatus } from '../../../src/lib/sync/sync-status-store';
import { writeSession } from '../../../src/lib/session/session-storage';
import { SyncIndicator } from '../../../src/shared/sync/sync-indicator';
import { FakePlaylistApi, THROTTLE_WAIT_MS } from './fake-playlist-api';

// A CMS that answers 429 asks the device to slow down (cms/src/middlewares/write-budget.js). The
// device keeps every change, sends nothing before the wait it was given, says it is waiting, and
// then sends the changes.

const USER = 7;
const initial = useSyncStatus.getState();
let stop: (() => void) | null = null;

/** Lets timers up to `ms` from now fire, and the IndexedDB work they start finish. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Until `check` holds, moving fake time on in small steps (IndexedDB answers on real macrotasks). */
async function until(check: () => boolean | Promise<boolean>) {
  for (let step = 0; step < 200 && !(await check()); step += 1) {
    await act(async () => {
      // A real macrotask: fake-indexeddb answers on those, not on the faked timers.
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
      await vi.advanceTimersByTimeAsync(1);
    });
  }
  expect(await check()).toBe(true);
}

beforeEach(async () => {
  await Promise.all([db.playlists.clear(), db.outbox.clear(), db.notices.clear(), db.meta.clear()]);
  useSyncStatus.setState(initial, true);
  localStorage.clear();
  writeSession({ user: { id: USER, email: 'teacher@example.com' }, token: 'token' });
  // Timers and the clock only: IndexedDB (fake-indexeddb) keeps its own real scheduling.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

afterEach(() => {
  stop?.();
  stop = null;
  cleanup();
  vi.useRealTimers();
});

describe('a throttled device waits and retries, and nothing is lost', () => {
  it('keeps the outbox, sends nothing before Retry-After, says it is waiting, then sends everything', async () => {
    const playlist = await createPlaylist(String(USER), { title: 'Warm-ups', audienceId: null });
    await updatePlaylistDetails(playlist.clientId, { title: 'Monday warm-ups', audienceId: null });
    const api = new FakePlaylistApi();
    api.failNext('sync', 'throttled');
    render(<SyncIndicator />);

    stop = startSyncEngine(api).stop;
    await until(() => useSyncStatus.getState().lastStatus === 'throttled');

    expect(api.calls).toEqual(['sync']);
    expect(await pendingEditCount(String(USER))).toBe(2);
    expect(screen.getByRole('status')).toHaveTextContent(
      '2 changes waiting to sync. Waiting to sync: the server asked us to slow down',
    );
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /details/ })).toBeNull();

    // A new edit during the wait is kept, not sent early.
    await updatePlaylistDetails(playlist.clientId, { title: 'Tuesday warm-ups', audienceId: null });
    await advance(THROTTLE_WAIT_MS - 1_000);
    expect(api.calls).toEqual(['sync']);
    expect(await pendingEditCount(String(USER))).toBe(3);

    // The wait plus at most half of it again (jitter): then everything goes.
    await advance(THROTTLE_WAIT_MS / 2 + 1_000);
    await until(
      async () =>
        (await pendingEditCount(String(USER))) === 0 &&
        useSyncStatus.getState().lastStatus === 'synced',
    );
    expect(api.calls.slice(0, 2)).toEqual(['sync', 'sync']);
    expect(api.byClientId(playlist.clientId)).toMatchObject({ title: 'Tuesday warm-ups' });
    expect(screen.getByRole('status')).toHaveTextContent('All changes saved');
  });
});
