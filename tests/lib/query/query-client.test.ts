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
