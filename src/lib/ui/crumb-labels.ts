import { useEffect } from 'react';
import { create } from 'zustand';

/**
 * Labels that pages supply for their own breadcrumb (:section, :lesson, :landingPageSlug, ...),
 * since the shell query does not know those titles, and whether the page is a 'Lost?' page.
 */
interface CrumbLabelState {
  labels: Record<string, string>;
  /** A 'Lost?' page is showing: the trail keeps only real pages (no crumb for an address that leads nowhere). */
  notFound: boolean;
  setLabel: (param: string, label: string | null) => void;
  setNotFound: (notFound: boolean) => void;
}

export const useCrumbLabels = create<CrumbLabelState>()((set) => ({
  labels: {},
  notFound: false,
  setNotFound: (notFound) => set({ notFound }),
  setLabel: (param, label) =>
    set((state) => {
      const labels = { ...state.labels };
      if (label) labels[param] = label;
      else delete labels[param];
      return { labels };
    }),
}));

export function useCrumbLabel(param: string, label: string | null | undefined): void {
  const setLabel = useCrumbLabels((state) => state.setLabel);
  useEffect(() => {
    setLabel(param, label ?? null);
    return () => setLabel(param, null);
  }, [param, label, setLabel]);
}

/** Called by the 'Lost?' page while it shows. */
export function useNotFoundCrumb(): void {
  const setNotFound = useCrumbLabels((state) => state.setNotFound);
  useEffect(() => {
    setNotFound(true);
    return () => setNotFound(false);
  }, [setNotFound]);
}
