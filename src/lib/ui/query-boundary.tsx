import { useDeferredValue, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorPanel } from './error-panel';
import { LoadingView } from './loading-view';

/**
 * The shared loading and error views every data page uses: a spinner while the first answer is
 * on its way (saying so when the CMS is slow), the error panel if there is no data to show, and the page itself otherwise (a
 * failed background refetch keeps showing the data it has).
 */
export function QueryBoundary<Data>({
  query,
  children,
}: {
  query: UseQueryResult<Data>;
  children: (data: Data) => ReactNode;
}) {
  // An answer that arrives while the spinner shows is rendered as a transition, which React
  // slices and yields between, not in one task: TanStack Query's store update is otherwise a
  // synchronous render of the whole page, a long task that blocks input (and Lighthouse's total
  // blocking time: 60–90 ms of the programme page at four times slower). Only that step is
  // deferred: data already cached renders at once, and new data replacing old (another programme,
  // a refetch) is never shown late, so the page never shows the previous answer.
  const arriving = useDeferredValue(query.data);
  if (query.data !== undefined && arriving !== undefined) return <>{children(query.data)}</>;
  if (query.data !== undefined) return <LoadingView />;
  if (query.isError) return <ErrorPanel error={query.error} />;
  // Offline, a failed first try pauses its retries until the network returns; say so rather
  // than spin forever.
  if (query.fetchStatus === 'paused' && query.failureReason) {
    return <ErrorPanel error={query.failureReason} />;
  }
  return <LoadingView />;
}
