import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSyncStatus } from '../../../src/lib/sync/sync-status-store';
import { SyncIndicator } from '../../../src/shared/sync/sync-indicator';

const initial = useSyncStatus.getState();

afterEach(cleanup);
beforeEach(() => {
  useSyncStatus.setState(initial, true);
});

describe('the sync indicator tells the truth from the first frame', () => {
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

describe('the sync indicator states', () => {
  it('says when changes are being sent, and when they are not getting through although online, with why and Retry', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const { MemoryRouter } = await import('react-router-dom');
    render(
      <MemoryRouter>
        <SyncIndicator />
      </MemoryRouter>,
    );
    act(() => useSyncStatus.setState({ pending: 3, syncing: true }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Online, sending 3 changes to the content service',
    );
    // Dead Wi-Fi: the browser says online, the round could not reach the CMS.
    act(() =>
      useSyncStatus.setState({
        syncing: false,
        lastStatus: 'offline',
        lastError: 'The content service could not be reached.',
      }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('3 changes waiting to sync: not sent yet');
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Changes not sent: details' }));
    expect(screen.getByText(/could not be reached, although this device is online/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry now' })).toBeVisible();
    act(() => useSyncStatus.setState({ lastStatus: 'synced', pending: 0 }));
    expect(screen.getByRole('status')).toHaveTextContent('All changes saved');
    expect(screen.queryByRole('button', { name: /details/ })).toBeNull();
  });
});

describe('the status text', () => {
  it('starts with the sentence, so it reads "Offline, …" and not the short label twice', () => {
    render(<SyncIndicator />);
    act(() => useSyncStatus.setState({ pending: 0 }));
    expect(screen.getByRole('status').textContent).toMatch(/^Online, All changes saved/);
  });
});
