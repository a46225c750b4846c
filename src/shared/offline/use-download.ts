import { useLiveQuery } from 'dexie-react-hooks';
import { useAuthStore } from '../../lib/auth/auth-store';
import { db, type DownloadRecord } from '../../lib/db/database';
import { downloadId } from '../../lib/offline/document-keys';
import type { DownloadPlan } from '../../lib/offline/download-plan';

/**
 * The download record of an item for the signed-in user, observed in IndexedDB (so progress
 * written by this tab, another tab or a run a reload resumed all show). `loading` until read.
 */
export function useDownload(
  kind: DownloadPlan['kind'],
  contentId: string,
): { id: string | null; record: DownloadRecord | null; loading: boolean } {
  const user = useAuthStore((state) => state.user);
  const id = user ? downloadId(String(user.id), kind, contentId) : null;
  const record = useLiveQuery(
    async () => (id ? ((await db.downloads.get(id)) ?? null) : null),
    [id],
    undefined,
  );
  return { id, record: record ?? null, loading: record === undefined };
}
