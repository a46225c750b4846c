import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryBoundary } from '../../../src/lib/ui/query-boundary';

/** A page whose CMS answer is still on its way (it never comes in this test). */
function SlowPage() {
  const query = useQuery({ queryKey: ['Slow'], queryFn: () => new Promise<string>(() => undefined) });
  return <QueryBoundary query={query}>{(data) => <p>{data}</p>}</QueryBoundary>;
}

function renderSlowPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <SlowPage />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('QueryBoundary while the first answer is pending', () => {
  it('says the content service is slow after a few seconds, and never that the device is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderSlowPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByText('Still loading: the content service is slow')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.getByText('Still loading: the content service is slow')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/offline/i);
  });

  it('does not blame the content service when the browser is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderSlowPage();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.queryByText('Still loading: the content service is slow')).toBeNull();
  });
});
