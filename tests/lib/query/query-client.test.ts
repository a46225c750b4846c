import {
  persistQueryClientRestore,
  persistQueryClientSave,
} from '@tanstack/react-query-persist-client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createQueryClient, persistOptions } from '../../../src/lib/query/query-client';
import { STORAGE_KEYS } from '../../../src/lib/storage-keys';

// The persisted query cache paints a cold start from local storage: only queries that opt in,
// and only for the build and the user that wrote it.

function signIn(id: number) {
  localStorage.setItem('user', JSON.stringify({ id, email: `teacher${id}@demo.school` }));
}

beforeEach(() => {
  localStorage.clear();
  signIn(7);
});
afterEach(() => localStorage.clear());

async function saveOneOfEach() {
  const queryClient = createQueryClient();
  await queryClient.fetchQuery({
    queryKey: ['Programmes', {}],
    queryFn: async () => ({ programmes: ['Sound explorers'] }),
    meta: { persist: true },
  });
  await queryClient.fetchQuery({
    queryKey: ['Lesson', { id: 'L1' }],
    queryFn: async () => ({ lesson: 'not persisted' }),
  });
  await persistQueryClientSave({ queryClient, ...persistOptions() });
  await vi.waitFor(() =>
    expect(localStorage.getItem(STORAGE_KEYS.queryCache)).toContain('Sound explorers'),
  );
}

it('a query that opts in comes back in a new client for the same build and user; others do not', async () => {
  await saveOneOfEach();
  expect(localStorage.getItem(STORAGE_KEYS.queryCache)).not.toContain('not persisted');

  const restored = createQueryClient();
  await persistQueryClientRestore({ queryClient: restored, ...persistOptions() });
  expect(restored.getQueryData(['Programmes', {}])).toEqual({ programmes: ['Sound explorers'] });
  expect(restored.getQueryData(['Lesson', { id: 'L1' }])).toBeUndefined();
});

it("another user on the device never paints from a teacher's persisted cache", async () => {
  await saveOneOfEach();
  signIn(8);

  const restored = createQueryClient();
  await persistQueryClientRestore({ queryClient: restored, ...persistOptions() });
  expect(restored.getQueryData(['Programmes', {}])).toBeUndefined();
});

it('a page snapshot goes when a persisted answer changes or goes, not when one is added or fetched again the same', async () => {
  const forgotten = vi.fn(async () => undefined);
  vi.doMock('../../../src/lib/offline/page-snapshot', () => ({ forgetPageSnapshots: forgotten }));
  vi.resetModules();
  const { createQueryClient: create, persistOptions: options } =
    await import('../../../src/lib/query/query-client');
  const persister = options().persister;
  const client = create();
  const programmes = (names: string[]) =>
    client.setQueryData(['Programmes', {}], { programmes: names });
  const save = async () => {
    const { dehydrate } = await import('@tanstack/react-query');
    await persister.persistClient({
      timestamp: Date.now(),
      buster: '',
      clientState: dehydrate(client),
    });
  };
  programmes(['Sound explorers']);
  await save();
  expect(forgotten).not.toHaveBeenCalled();
  // Fetched again, the same: nothing changed on screen.
  programmes(['Sound explorers']);
  client.setQueryData(['Home', {}], { title: 'Music Classroom' });
  await save();
  expect(forgotten).not.toHaveBeenCalled();
  programmes(['Sound explorers', 'Rhythm makers']);
  await save();
  expect(forgotten).toHaveBeenCalledTimes(1);
  client.removeQueries({ queryKey: ['Home', {}] });
  await save();
  expect(forgotten).toHaveBeenCalledTimes(2);
  vi.doUnmock('../../../src/lib/offline/page-snapshot');
});
