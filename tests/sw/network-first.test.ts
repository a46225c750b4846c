import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CMS_REQUEST_TIMEOUT_MS } from '../../src/lib/cms/request-timeout';
import { CACHED_FALLBACK_MS, networkFirst, NetworkTimeoutError } from '../../sw/network-first';

/** A network answer that arrives after `ms` (on the fake clock). */
const answerAfter = (ms: number, answer: string) => () =>
  new Promise<string>((resolve) => setTimeout(() => resolve(answer), ms));

/** Settles a promise's outcome into a value, so a test can look at it while the clock is fake. */
function outcome<T>(promise: Promise<T>) {
  const seen: { value?: T; error?: unknown; settled: boolean } = { settled: false };
  promise.then(
    (value) => Object.assign(seen, { value, settled: true }),
    (error: unknown) => Object.assign(seen, { error, settled: true }),
  );
  return seen;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('networkFirst (the worker’s GraphQL strategy)', () => {
  it('with nothing cached, waits for a CMS answering in 6 s instead of failing at 4 s', async () => {
    const result = outcome(networkFirst(answerAfter(6000, 'fresh'), undefined));
    await vi.advanceTimersByTimeAsync(CACHED_FALLBACK_MS + 1);
    expect(result.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(result).toMatchObject({ settled: true, value: 'fresh' });
  });

  it('with an answer cached, still uses it once the network is 4 s late', async () => {
    const result = outcome(networkFirst(answerAfter(6000, 'fresh'), 'cached'));
    await vi.advanceTimersByTimeAsync(CACHED_FALLBACK_MS);
    expect(result).toMatchObject({ settled: true, value: 'cached' });
  });

  it('prefers a network answer that comes in time over the cached one', async () => {
    const result = outcome(networkFirst(answerAfter(1000, 'fresh'), 'cached'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(result.value).toBe('fresh');
  });

  it('uses the cached answer at once when the network fails, and passes the failure on when none is cached', async () => {
    const failing = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(networkFirst(failing, 'cached')).resolves.toBe('cached');
    await expect(networkFirst(failing, undefined)).rejects.toThrow('Failed to fetch');
  });

  it('with nothing cached, gives up only after the page’s own request limit', async () => {
    const result = outcome(
      networkFirst(answerAfter(10 * CMS_REQUEST_TIMEOUT_MS, 'never'), undefined),
    );
    await vi.advanceTimersByTimeAsync(CMS_REQUEST_TIMEOUT_MS - 1);
    expect(result.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(result.error).toBeInstanceOf(NetworkTimeoutError);
  });
});
