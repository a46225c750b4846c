import type { ReactNode } from 'react';
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
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) return <ErrorPanel error={query.error} />;
  // Offline, a failed first try pauses its retries until the network returns; say so rather
  // than spin forever.
  if (query.fetchStatus === 'paused' && query.failureReason) {
    return <ErrorPanel error={query.failureReason} />;
  }
  return <LoadingView />;
}
