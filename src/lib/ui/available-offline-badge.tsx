import './offline.css';
import type { DownloadPlan } from '../offline/download-plan';
import { useDownload } from './use-download';
import { useOnline } from './use-online';

type Item = { kind: DownloadPlan['kind']; contentId: string };

/**
 * 'Available offline' on cards and list entries whose content is downloaded on this device
 * (itself, or the item it belongs to: a lesson of a downloaded unit). Offline, the others say
 * 'Not available offline', so a teacher knows before following the link.
 */
export function AvailableOfflineBadge({ kind, contentId, within }: Item & { within?: Item }) {
  const online = useOnline();
  const own = useDownload(kind, contentId).record;
  const parent = useDownload(within?.kind ?? kind, within?.contentId ?? contentId).record;
  if (own?.status === 'complete' || parent?.status === 'complete')
    return <span className="offline-badge">Available offline</span>;
  if (!online)
    return <span className="offline-badge offline-badge--missing">Not available offline</span>;
  return null;
}
