import { CMS_REQUEST_TIMEOUT_MS } from '../src/lib/cms/request-timeout';

/** With an answer stored for this request, how long the network gets before that answer is used. */
export const CACHED_FALLBACK_MS = 4000;

/**
 * With nothing stored, the worker waits as long as the page does (the page gives up first, with
 * its own "did not answer in time"): slow is not offline. Giving up sooner would turn a CMS that
 * answers a first visit in 5–9 s into an error that looks like being offline.
 */
const UNCACHED_WAIT_MS = CMS_REQUEST_TIMEOUT_MS;

/** How long to wait for the network, given whether a cached answer could stand in for it. */
function networkWaitMs(hasCachedAnswer: boolean): number {
  return hasCachedAnswer ? CACHED_FALLBACK_MS : UNCACHED_WAIT_MS;
}

export class NetworkTimeoutError extends Error {
  constructor(ms: number) {
    super(`No answer from the network within ${ms} ms`);
    this.name = 'NetworkTimeoutError';
  }
}

/**
 * Network first: the network's answer when it comes in time; otherwise (late or failed) the
 * cached answer, if there is one; with none, the failure itself, after a wait long enough for a
 * slow CMS. `network` is started once, here.
 */
export async function networkFirst<Answer>(
  network: () => Promise<Answer>,
  cached: Answer | undefined,
): Promise<Answer> {
  const ms = networkWaitMs(cached !== undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NetworkTimeoutError(ms)), ms);
  });
  try {
    return await Promise.race([network(), late]);
  } catch (error) {
    if (cached !== undefined) return cached;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
