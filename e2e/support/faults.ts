import type { FaultRule } from '../../scripts/fault-proxy.mjs';

/**
 * The fault proxy between the web server and the CMS (scripts/fault-proxy.mjs), as a test sees it:
 * faults are injected on the wire, where a school meets them, never by answering requests inside
 * the browser. Every test starts with none (the `faults` fixture clears them before and after).
 */
export interface Faults {
  /** Replaces the rules (and the seed of rules with a probability). */
  set(rules: FaultRule[], seed?: number): Promise<void>;
  clear(): Promise<void>;
  /** How often each rule fired, in the order given to set(). */
  hits(): Promise<number[]>;
  /** The requests rules fired on, oldest first (since the last set()). */
  log(): Promise<{ method: string; path: string; fault: string }[]>;
  /**
   * Lets every request a `hold` rule keeps go on to the CMS, or cuts them (`{ cut: true }`). It
   * first waits (up to 10 s) until a rule has fired: a page's request may still be on its way to
   * the proxy, and a release before it arrives would let nothing go and leave it held.
   */
  release(options?: { cut?: boolean }): Promise<void>;
}

export function faultsAt(controlUrl: string): Faults {
  const call = async (method: string, body?: unknown, path = '') => {
    const answer = await fetch(`${controlUrl}${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!answer.ok) throw new Error(`The fault proxy answered ${answer.status}`);
    return answer.json() as Promise<{
      hits?: number[];
      log?: { method: string; path: string; fault: string }[];
    }>;
  };
  return {
    set: async (rules, seed = 1) => void (await call('PUT', { rules, seed })),
    clear: async () => void (await call('DELETE')),
    hits: async () => (await call('GET')).hits ?? [],
    log: async () => (await call('GET')).log ?? [],
    release: async ({ cut = false } = {}) => {
      const deadline = Date.now() + 10_000;
      const fired = async () => ((await call('GET')).hits ?? []).some((count) => count > 0);
      while (!(await fired()) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      await call('POST', { cut }, '/release');
    },
  };
}
