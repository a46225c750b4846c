import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppBanners } from '../../../src/lib/ui/app-banners';

// WCAG 4.1.3: going offline is said by changing the text of a status region that was in the
// page before, not by inserting a region already holding the text (which many screen readers
// never announce).

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('the offline banner', () => {
  it('fills a status region that was already in the page, and empties it when back online', () => {
    render(
      <MemoryRouter>
        <AppBanners />
      </MemoryRouter>,
    );
    const before = screen.getAllByRole('status');
    for (const region of before) expect(region).toHaveTextContent('');

    goOnline(false);
    const region = screen
      .getAllByRole('status')
      .find((one) => one.textContent?.startsWith('You are offline.'));
    expect(region).toBeDefined();
    expect(before).toContain(region);

    goOnline(true);
    expect(region).toBeInTheDocument();
    expect(region).toHaveTextContent('');
  });
});
