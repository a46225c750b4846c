/** Types for the app's tests (the browser tsconfig does not read the JSDoc of ./seeded-random.mjs). */
export function seededRandom(seed: number): () => number;
