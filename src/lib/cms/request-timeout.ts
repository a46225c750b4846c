import { CmsError } from './errors';

/**
 * How long a GraphQL request waits for the CMS. Without a limit a CMS that accepts the connection
 * but never answers leaves the page on its spinner for good (the service worker gives up after
 * 4 s, but only once it controls the page); after this the page shows its error view instead.
 */
export const CMS_REQUEST_TIMEOUT_MS = 20_000;

/**
 * HTTP's Request Timeout. A 4xx on purpose: the query client does not retry those, so a hung
 * CMS costs one wait rather than three; the playlist sync keeps its outbox and retries any
 * failure with backoff.
 */
export const REQUEST_TIMEOUT_STATUS = 408;

export interface RequestTimeout {
  /** Aborts when the caller's signal does, or when the time is up. */
  signal: AbortSignal;
  timedOut: () => boolean;
  /** Call when the request settled: stops the timer and lets go of the caller's signal. */
  clear: () => void;
}

/** A signal for one request (a plain timer, not AbortSignal.timeout: tests can fake the clock). */
export function withRequestTimeout(
  callerSignal?: AbortSignal,
  ms = CMS_REQUEST_TIMEOUT_MS,
): RequestTimeout {
  const controller = new AbortController();
  let timedOut = false;
  const forward = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) forward();
  else callerSignal?.addEventListener('abort', forward, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(
      new DOMException('The content service did not answer in time', 'TimeoutError'),
    );
  }, ms);
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    clear: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', forward);
    },
  };
}

export function requestTimeoutError(ms = CMS_REQUEST_TIMEOUT_MS): CmsError {
  return new CmsError(
    'The content service did not answer in time',
    REQUEST_TIMEOUT_STATUS,
    `No answer from the content service within ${Math.round(ms / 1000)} seconds.`,
  );
}
