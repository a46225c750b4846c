import { useEffect } from 'react';
import { create } from 'zustand';

/**
 * Labels that pages supply for their own breadcrumb (:activitySection, :lesson,
 * :landingPageSlug), since the shell query does not know those titles.
 */
interface CrumbLabelState {
  labels: Record<string, string>;
  setLabel: (param: string, label: string | null) => void;
}

export const useCrumbLabels = create<CrumbLabelState>()((set) => ({
  labels: {},
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
