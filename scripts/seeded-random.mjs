// Seeded random numbers (mulberry32): small, fast and good enough to make a randomised run (the
// chaos e2e, the playlist model test, the school load test) repeatable from its printed seed.

/** @param {number} seed @returns {() => number} numbers in [0, 1) */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
