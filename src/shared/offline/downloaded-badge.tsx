import type { DownloadPlan } from '../../lib/offline/download-plan';
import { useDownload } from './use-download';

type Item = { kind: DownloadPlan['kind']; contentId: string };

/**
 * The signed-in half of AvailableOfflineBadge: it reads the teacher's download records from
 * IndexedDB, so it (and Dexie) loads only for a signed-in teacher.
 */
export default function DownloadedBadge({
  kind,
  contentId,
  within,
  online,
}: Item & { within?: Item; online: boolean }) {
  const own = useDownload(kind, contentId).record;
  const parent = useDownload(within?.kind ?? kind, within?.contentId ?? contentId).record;
  if (own?.status === 'complete' || parent?.status === 'complete')
    return <span className="offline-badge">Available offline</span>;
  if (!online)
    return (
      <span className="offline-badge offline-badge--missing" data-snapshot-omit>
        Not available offline
      </span>
    );
  return null;
}
