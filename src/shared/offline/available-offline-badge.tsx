import './offline.css';
import { lazy, Suspense } from 'react';
import { useAuthStore } from '../../lib/auth/auth-store';
import type { DownloadPlan } from '../../lib/offline/download-plan';
import { useOnline } from '../../lib/ui/use-online';
import { BadgeReading } from './badge-reading';

type Item = { kind: DownloadPlan['kind']; contentId: string };

const DownloadedBadge = lazy(() => import('./downloaded-badge'));

/**
 * 'Available offline' on cards and list entries whose content is downloaded on this device
 * (itself, or the item it belongs to: a lesson of a downloaded unit). Offline, the others say
 * 'Not available offline', so a teacher knows before following the link. A visitor has no
 * downloads: their badge is decided without IndexedDB, so Dexie never loads for them.
 */
export function AvailableOfflineBadge(props: Item & { within?: Item }) {
  const online = useOnline();
  const signedIn = useAuthStore((state) => state.user !== null);
  if (!signedIn)
    return online ? null : (
      <span className="offline-badge offline-badge--missing" data-snapshot-omit>
        Not available offline
      </span>
    );
  return (
    <Suspense fallback={<BadgeReading />}>
      <DownloadedBadge {...props} online={online} />
    </Suspense>
  );
}
