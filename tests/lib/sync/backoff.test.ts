import { describe, expect, it } from 'vitest';
import {
  BACKOFF_BASE_MS,
  BACKOFF_CAP_MS,
  backoffDelay,
  throttledDelay,
} from '../../../src/lib/sync/backoff';

describe('backoffDelay', () => {
  it('doubles with each failure, between half and all of the ceiling, and stops at the cap', () => {
    expect(backoffDelay(0)).toBe(0);
    expect(backoffDelay(1, () => 0)).toBe(1_000);
    expect(backoffDelay(1, () => 1)).toBe(2_000);
    expect(backoffDelay(3, () => 0.5)).toBe(6_000);
    expect(backoffDelay(30, () => 1)).toBe(BACKOFF_CAP_MS);
    expect(backoffDelay(30, () => 0)).toBe(BACKOFF_CAP_MS / 2);
  });
});

describe('throttledDelay', () => {
  it('waits at least the Retry-After the CMS named, plus up to half again at random, never less than the backoff', () => {
    expect(throttledDelay(30_000, 1, () => 0)).toBe(30_000);
    expect(throttledDelay(30_000, 1, () => 1)).toBe(45_000);
    expect(throttledDelay(1_000, 1, () => 0)).toBe(BACKOFF_BASE_MS);
    expect(throttledDelay(null, 1, () => 0)).toBe(BACKOFF_BASE_MS);
    expect(throttledDelay(5_000, 20, () => 0)).toBe(BACKOFF_CAP_MS / 2);
  });
});
