/**
 * Runs `test` with React's act() environment off, so React schedules its work as in a browser
 * (a commit and its layout effects in one task, passive effects and transitions in later ones)
 * rather than flushing everything inside act(). Restored afterwards, whatever the test does.
 */
export async function outsideAct<T>(test: () => Promise<T>): Promise<T> {
  const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const previous = environment.IS_REACT_ACT_ENVIRONMENT;
  environment.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    return await test();
  } finally {
    environment.IS_REACT_ACT_ENVIRONMENT = previous;
  }
}
