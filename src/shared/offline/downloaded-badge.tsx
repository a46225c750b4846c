import type { DownloadPlan } from '../../lib/offline/download-plan';
import { BadgeReading } from './badge-reading';
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
  const ownDownload = useDownload(kind, contentId);
  const parentDownload = useDownload(within?.kind ?? kind, within?.contentId ?? contentId);
  if (ownDownload.loading || parentDownload.loading) return <BadgeReading />;
  const own = ownDownload.record;
  const parent = parentDownload.record;
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
