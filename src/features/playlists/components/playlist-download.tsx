import { useMemo } from 'react';
import type { PlaylistRecord } from '../../../lib/db/database';
import { MakeAvailableOffline } from '../../../shared/offline/make-available-offline';
import { playlistDownloadPlan } from './playlist-download-plan';

/** 'Make available offline' for a playlist (what it stores: ./playlist-download-plan). */
export function PlaylistDownload({ playlist }: { playlist: PlaylistRecord }) {
  const plan = useMemo(() => playlistDownloadPlan(playlist), [playlist]);
  return <MakeAvailableOffline plan={plan} />;
}
