import { create } from 'zustand';
import type { DownloadRecord } from '../db/database';

/**
 * The download records the UI shows, mirrored from Dexie (the records' only owner is the
 * download manager, which writes Dexie first and then this mirror, so badges and progress bars
 * update without polling IndexedDB).
 */
interface DownloadProgressState {
  records: Record<string, DownloadRecord>;
  set: (record: DownloadRecord) => void;
  remove: (id: string) => void;
}

export const useDownloadProgress = create<DownloadProgressState>()((set) => ({
  records: {},
  set: (record) => set((state) => ({ records: { ...state.records, [record.id]: record } })),
  remove: (id) =>
    set((state) => {
      const records = { ...state.records };
      delete records[id];
      return { records };
    }),
}));
