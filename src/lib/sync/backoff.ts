/** Exponential backoff with full jitter, capped (ARCHITECTURE.md, sync rule 7). */
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 5 * 60_000;

export function backoffDelay(failures: number, random: () => number = Math.random): number {
  if (failures <= 0) return 0;
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (failures - 1));
  // Half fixed, half random: spreads a school's devices out without ever retrying at once.
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * After a 429: at least the wait the CMS named (Retry-After), plus up to half as much again at
 * random so a school's devices told the same wait do not all return in the same second; never
 * sooner than the ordinary backoff. Without a Retry-After, the ordinary backoff.
 */
export function throttledDelay(
  retryAfterMs: number | null | undefined,
  failures: number,
  random: () => number = Math.random,
): number {
  const backoff = Math.max(BACKOFF_BASE_MS, backoffDelay(failures, random));
  if (retryAfterMs == null) return backoff;
  return Math.max(
    backoff,
    Math.round(retryAfterMs + random() * Math.max(BACKOFF_BASE_MS, retryAfterMs / 2)),
  );
}
