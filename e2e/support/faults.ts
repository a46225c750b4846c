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
}

export function faultsAt(controlUrl: string): Faults {
  const call = async (method: string, body?: unknown) => {
    const answer = await fetch(controlUrl, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!answer.ok) throw new Error(`The fault proxy answered ${answer.status}`);
    return answer.json() as Promise<{ hits?: number[] }>;
  };
  return {
    set: async (rules, seed = 1) => void (await call('PUT', { rules, seed })),
    clear: async () => void (await call('DELETE')),
    hits: async () => (await call('GET')).hits ?? [],
  };
}
