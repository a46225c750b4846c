import { QueryClient, QueryClientProvider, notifyManager, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryBoundary } from '../../../src/lib/ui/query-boundary';
import { outsideAct } from '../../support/outside-act';

/** A page whose CMS answer is still on its way (it never comes in this test). */
function SlowPage() {
  const query = useQuery({
    queryKey: ['Slow'],
    queryFn: () => new Promise<string>(() => undefined),
  });
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
    await act(() => vi.advanceTimersByTimeAsync(0));
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

/** A page reading one of two queries, to switch between them as a route change would. */
function TwoAnswersPage({ rendered = [] }: { rendered?: string[] }) {
  const [key, setKey] = useState('First');
  const query = useQuery({ queryKey: [key], queryFn: () => new Promise<string>(() => undefined) });
  return (
    <>
      <button type="button" onClick={() => setKey('Second')}>
        Switch
      </button>
      <QueryBoundary query={query}>
        {(data) => {
          rendered.push(data);
          return <p>{data}</p>;
        }}
      </QueryBoundary>
    </>
  );
}

describe('QueryBoundary when the answer is there', () => {
  beforeEach(() => vi.useRealTimers());

  it('renders an answer already cached in the first render, with no spinner', () => {
    const client = new QueryClient();
    client.setQueryData(['First'], 'Cached programme');
    render(
      <QueryClientProvider client={client}>
        <TwoAnswersPage />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Cached programme')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('never shows the previous answer when the page switches to another cached one', () => {
    const client = new QueryClient();
    client.setQueryData(['First'], 'Programme one');
    client.setQueryData(['Second'], 'Programme two');
    const rendered: string[] = [];
    render(
      <QueryClientProvider client={client}>
        <TwoAnswersPage rendered={rendered} />
      </QueryClientProvider>,
    );
    expect(rendered).toContain('Programme one');
    rendered.length = 0;
    act(() => screen.getByRole('button', { name: 'Switch' }).click());
    expect(screen.getByText('Programme two')).toBeInTheDocument();
    // Not even one render of the old answer on the way (a deferred value would give one).
    expect(rendered).not.toContain('Programme one');
  });

  // TanStack Query's store update renders synchronously, so the whole page would render in the
  // task that delivered the answer (one long task). The answer must be rendered by a later task, a
  // transition React slices. In jsdom React's scheduler runs its work with setImmediate, after the
  // timer that delivered the answer; a timer queued just after that one sees the DOM as the store
  // update's own task left it.
  it('renders an answer that arrives while the spinner shows in a later task, not in the store update', () =>
    outsideAct(async () => {
      try {
        let answer: ((value: string) => void) | undefined;
        function ArrivingPage() {
          const query = useQuery({
            queryKey: ['Arriving'],
            queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
          });
          return <QueryBoundary query={query}>{(data) => <p>{data}</p>}</QueryBoundary>;
        }
        const client = new QueryClient();
        render(
          <QueryClientProvider client={client}>
            <ArrivingPage />
          </QueryClientProvider>,
        );
        await waitFor(() => expect(answer).toBeDefined());
        expect(screen.getByRole('status')).toHaveTextContent('Loading…');
        // The DOM as the store update's own task leaves it: read at the end of the task that runs
        // TanStack's notification batch (its scheduler, a timer, wrapped), whatever else is queued
        // on a busy machine.
        const inStoreUpdateTask = new Promise<string>((resolve) =>
          notifyManager.setScheduler((batch) =>
            setTimeout(() => {
              batch();
              // After the microtasks this task queued (React flushes a store update's render in
              // one), still before any later task.
              const read = (depth: number): void =>
                depth > 0
                  ? queueMicrotask(() => read(depth - 1))
                  : resolve(document.body.textContent ?? '');
              read(5);
            }, 0),
          ),
        );
        answer?.('The programme');
        expect(await inStoreUpdateTask).toContain('Loading…');
        expect(await inStoreUpdateTask).not.toContain('The programme');
        await waitFor(() => expect(screen.getByText('The programme')).toBeInTheDocument());
        expect(screen.queryByRole('status')).toBeNull();
      } finally {
        notifyManager.setScheduler((batch) => setTimeout(batch, 0));
      }
    }));
});
