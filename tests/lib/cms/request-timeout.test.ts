import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CMS_REQUEST_TIMEOUT_MS,
  requestTimeoutError,
  withRequestTimeout,
} from '../../../src/lib/cms/request-timeout';

afterEach(() => {
  vi.useRealTimers();
});

describe('withRequestTimeout', () => {
  it('aborts after the timeout and says it timed out', () => {
    vi.useFakeTimers();
    const timeout = withRequestTimeout();
    vi.advanceTimersByTime(CMS_REQUEST_TIMEOUT_MS - 1);
    expect(timeout.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(timeout.signal.aborted).toBe(true);
    expect(timeout.timedOut()).toBe(true);
  });

  it("follows the caller's signal without calling it a timeout, and stops when cleared", () => {
    vi.useFakeTimers();
    const caller = new AbortController();
    const timeout = withRequestTimeout(caller.signal, 1000);
    caller.abort();
    expect(timeout.signal.aborted).toBe(true);
    expect(timeout.timedOut()).toBe(false);

    const cleared = withRequestTimeout(undefined, 1000);
    cleared.clear();
    vi.advanceTimersByTime(5000);
    expect(cleared.signal.aborted).toBe(false);
  });

  it('gives a 408 CmsError, which the query client does not retry', () => {
    const error = requestTimeoutError();
    expect(error.status).toBe(408);
    expect(error.isNetworkError).toBe(false);
  });
});
