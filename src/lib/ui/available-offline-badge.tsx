import './offline.css';
import type { DownloadPlan } from '../offline/download-plan';
import { useDownload } from './use-download';

/** 'Available offline' on cards and pages whose content is downloaded on this device. */
export function AvailableOfflineBadge({ kind, contentId }: { kind: DownloadPlan['kind']; contentId: string }) {
  const { record } = useDownload(kind, contentId);
  if (record?.status !== 'complete') return null;
  return <span className="offline-badge">Available offline</span>;
}
