import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSyncStatus } from '../../../src/lib/sync/sync-status-store';
import { SyncIndicator } from '../../../src/lib/ui/sync-indicator';

const initial = useSyncStatus.getState();

afterEach(cleanup);
beforeEach(() => {
  useSyncStatus.setState(initial, true);
});

describe('the sync indicator tells the truth from the first frame (issue 19)', () => {
  it('does not say "saved" before the outbox has been read', () => {
    render(<SyncIndicator />);
    expect(screen.getByRole('status')).toHaveTextContent('Checking for changes waiting to sync');
    expect(screen.getByRole('status')).not.toHaveTextContent('All changes saved');
  });

  it('says what waits once it knows, and "saved" only when nothing does', () => {
    render(<SyncIndicator />);
    act(() => useSyncStatus.setState({ pending: 2 }));
    expect(screen.getByRole('status')).toHaveTextContent('2 changes waiting to sync');
    act(() => useSyncStatus.setState({ pending: 0 }));
    expect(screen.getByRole('status')).toHaveTextContent('All changes saved');
  });
});
