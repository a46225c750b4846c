import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, vi } from 'vitest';
import { ACTIVE_SUBSCRIBER, useAuthStore } from '../../src/lib/auth/auth-store';
import { db } from '../../src/lib/db/database';
import { useSyncStatus } from '../../src/lib/sync/sync-status-store';
import { nothingAnswers } from './msw';

/** A playlist screen inside a query client that never retries and a router at `path`. */
export function renderWithProviders(ui: ReactNode, path = '/') {
  return render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * Every test starts with no playlists, outbox or sync marks on the device, the sync status as
 * the app starts it, teacher 7 signed in as a subscriber, and a CMS that never answers (the
 * screens' CMS texts must not be needed to show the teacher's playlists).
 */
export function startEachTestAsSignedInTeacher(): void {
  const syncState = useSyncStatus.getState();
  beforeEach(async () => {
    await Promise.all([db.playlists.clear(), db.meta.clear(), db.outbox.clear()]);
    useSyncStatus.setState(syncState, true);
    useAuthStore.setState({
      user: { id: 7, email: 'teacher@demo.school' },
      authToken: 'token',
      userRole: ACTIVE_SUBSCRIBER,
    });
    nothingAnswers();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
