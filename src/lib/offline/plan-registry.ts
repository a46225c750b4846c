import type { DownloadPlan } from './download-plan';

/**
 * The plans of the items whose pages are open. A download cut short before its files were listed
 * needs its plan again to carry on (plans are code, not data), and the item's page has it.
 */
const plans = new Map<string, DownloadPlan>();

export function registerPlan(id: string, plan: DownloadPlan): () => void {
  plans.set(id, plan);
  return () => {
    if (plans.get(id) === plan) plans.delete(id);
  };
}

export function registeredPlan(id: string): DownloadPlan | undefined {
  return plans.get(id);
}
