/** Runs an async task one at a time, so rounds of sync never overlap. */

/** A call while `work` runs asks for one more run after it, and gets the running promise. */
export function oneAtATime(work: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await work();
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  };
}
