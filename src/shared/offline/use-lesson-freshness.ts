import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { db } from '../../lib/db/database';
import { hasNewerVersion, subscribeToNewerVersions } from '../../lib/offline/newer-versions';
import { useDownload } from './use-download';
import { useOnline } from '../../lib/ui/use-online';

// The check and the update load when a downloaded lesson opens, not with every page.
const loadFreshness = () => import('../../lib/offline/download-freshness');

/** The wait before checking again after a check that failed: 10 s, doubling, at most 2 minutes. */
function recheckDelay(attempt: number): number {
  return Math.min(10_000 * 2 ** attempt, 120_000);
}

export type UpdatePhase = 'idle' | 'updating' | 'updated' | 'failed';

/** `${user}:${operation}:${variables}`: the operation names a download's answers belong to. */
function operationsOf(documentKeys: string[]): Set<string> {
  return new Set(documentKeys.map((key) => key.split(':')[1] ?? ''));
}

/**
 * Whether the CMS has a newer version of a downloaded lesson (its own download, or its unit's),
 * checked when the lesson opens online, and the update. `autoUpdate` (the lesson page) updates as
 * soon as a newer version is found; lesson mode only offers it, so slides never change under the
 * teacher. After an update the queries of the download's answers are read again from IndexedDB:
 * the lesson page and lesson mode read the same stored answers, so they show the same version.
 */
export function useLessonFreshness({
  lessonId,
  unitId,
  autoUpdate,
}: {
  lessonId: string;
  unitId?: string;
  autoUpdate: boolean;
}) {
  const online = useOnline();
  const queryClient = useQueryClient();
  const own = useDownload('lesson', lessonId).record;
  const unit = useDownload('unit', unitId ?? '').record;
  const holder =
    own?.status === 'complete' ? own : unitId && unit?.status === 'complete' ? unit : null;
  const holderId = holder?.id ?? null;
  const newer = useSyncExternalStore(subscribeToNewerVersions, () =>
    holderId ? hasNewerVersion(holderId) : false,
  );
  const [phase, setPhase] = useState<UpdatePhase>('idle');
  /** Why the last update did not finish (always saying the downloaded version is unchanged). */
  const [failure, setFailure] = useState<{ message: string; deviceFull: boolean } | null>(null);
  const running = useRef(false);

  const update = useCallback(async () => {
    if (!holderId || running.current) return;
    running.current = true;
    setPhase('updating');
    try {
      const { updateDownload } = await loadFreshness();
      const record = await db.downloads.get(holderId);
      const outcome = record ? await updateDownload(record) : null;
      const stored = await db.downloads.get(holderId);
      if (outcome?.updated && stored) {
        const operations = operationsOf(stored.documentKeys);
        await queryClient.invalidateQueries({
          predicate: (query) => operations.has(String(query.queryKey[0])),
        });
      }
      setFailure(
        outcome && !outcome.updated
          ? { message: outcome.message, deviceFull: outcome.deviceFull ?? false }
          : null,
      );
      setPhase(outcome?.updated ? 'updated' : 'failed');
    } catch {
      setFailure(null);
      setPhase('failed');
    } finally {
      running.current = false;
    }
  }, [holderId, queryClient]);

  useEffect(() => {
    if (!holderId || !online) return;
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const check = async (attempt: number) => {
      const record = await db.downloads.get(holderId);
      if (!record || !live) return;
      // The check's own code failing to load (the page is being left, or a new deploy removed the
      // old build's files) is a check that failed, never an error thrown into the page.
      const found = await loadFreshness()
        .then(({ checkForNewerVersion }) => checkForNewerVersion(record))
        .catch(() => 'failed' as const);
      if (!live) return;
      // A CMS too slow to answer (or down) has not said "current": ask again while the lesson is
      // open, so a slow school connection delays the news instead of losing it.
      if (found === 'failed') {
        retry = setTimeout(() => void check(attempt + 1), recheckDelay(attempt));
        return;
      }
      // checkForNewerVersion notes what it found (newer-versions), for every page to read.
      if (found === 'newer' && autoUpdate) await update();
    };
    void check(0);
    return () => {
      live = false;
      clearTimeout(retry);
    };
  }, [holderId, online, autoUpdate, update]);

  return { newer, phase, failure, online, update };
}
