import { useLiveQuery } from 'dexie-react-hooks';
import { readUser } from '../../lib/session/session-storage';
import { dismissNotice, keepAsNewPlaylist, openNotices } from '../../lib/sync/sync-notices';

/**
 * What a sync had to tell the teacher (a rename replaced by another device's, a playlist deleted
 * elsewhere, edits a delete elsewhere dropped, with this device's copy to keep as a new playlist),
 * read from the device, so it lasts across reloads and screens until dismissed. With
 * `playlistClientId`, only that playlist's notices.
 */
export function SyncNotices({ playlistClientId }: { playlistClientId?: string }) {
  const userId = readUser()?.id;
  const notices = useLiveQuery(
    async () => {
      if (userId === undefined) return [];
      const open = await openNotices(String(userId));
      return playlistClientId
        ? open.filter((notice) => notice.playlistClientId === playlistClientId)
        : open;
    },
    [userId, playlistClientId],
    [],
  );
  if (notices.length === 0) return null;
  return (
    <ul className="sync-status__notices" aria-label="What happened while syncing">
      {notices.map((notice) => (
        <li key={notice.id}>
          {notice.message}{' '}
          {notice.keep ? (
            <>
              <button
                type="button"
                className="link-button"
                onClick={() => void keepAsNewPlaylist(notice.id)}
              >
                Keep my version as a new playlist
              </button>{' '}
            </>
          ) : null}
          <button
            type="button"
            className="link-button"
            onClick={() => void dismissNotice(notice.id)}
          >
            Dismiss<span className="visually-hidden"> this message</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
