/** Exponential backoff with full jitter, capped (ARCHITECTURE.md, sync rule 7). */
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 5 * 60_000;

export function backoffDelay(failures: number, random: () => number = Math.random): number {
  if (failures <= 0) return 0;
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (failures - 1));
  // Half fixed, half random: spreads a school's devices out without ever retrying at once.
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
