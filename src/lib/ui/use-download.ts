import { useEffect } from 'react';
import { useAuthStore } from '../auth/auth-store';
import { db, type DownloadRecord } from '../db/database';
import { downloadId } from '../offline/document-keys';
import type { DownloadPlan } from '../offline/download-plan';
import { useDownloadProgress } from '../offline/download-progress-store';

/** The download record of an item for the signed-in user (loaded from Dexie once, then live). */
export function useDownload(
  kind: DownloadPlan['kind'],
  contentId: string,
): { id: string | null; record: DownloadRecord | null } {
  const user = useAuthStore((state) => state.user);
  const id = user ? downloadId(String(user.id), kind, contentId) : null;
  const record = useDownloadProgress((state) => (id ? state.records[id] : undefined)) ?? null;
  useEffect(() => {
    if (!id) return;
    void db.downloads.get(id).then((stored) => {
      if (stored) useDownloadProgress.getState().set(stored);
    });
  }, [id]);
  return { id, record };
}
