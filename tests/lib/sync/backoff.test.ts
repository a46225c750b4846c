import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS, backoffDelay } from '../../../src/lib/sync/backoff';

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
