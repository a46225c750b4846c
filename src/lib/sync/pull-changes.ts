import { db } from '../db/database';
import type { PlaylistChanges } from './playlist-api';
import {
  clientIdOf,
  itemsWithDetails,
  serverToRecord,
  stateOf,
  type ServerPlaylist,
} from './playlist-mapping';
import { readPullCursor, savePullCursor } from './pull-cursor';
import { addConflictNotices, markPulled } from './sync-notices';
import { tell, type Round } from './sync-round';

/**
 * The round's one pull: what changed in the teacher's playlists since this device's
 * cursor, or everything when the device has no cursor (a first sync, after sign-out) or the CMS
 * no longer remembers that far back. Playlists the round lacks card details for are asked by name.
 */
export async function pullChanges(round: Round): Promise<void> {
  const { userId } = round;
  const since = await readPullCursor(userId);
  const include = [...round.lackingDetails];
  round.requests += 1;
  const changes = await round.api.pull({ since, ...(include.length > 0 ? { include } : {}) });
  await markPulled(userId);
  for (const remote of changes.playlists)
    await addConflictNotices(userId, clientIdOf(remote), round.device, remote.conflicts);
  await mergeServerPlaylists(round, changes);
  await savePullCursor(userId, changes.cursor);
}

/**
 * The CMS's playlists replace the local copies that have nothing pending. Each playlist is decided
 * inside a transaction with its outbox, so an edit made meanwhile always wins over the server copy
 * (its operations, sent next, bring the CMS's whole playlist back). Deleted elsewhere means, as
 * before deltas: missing from a full answer, or named in a delta's `deleted`.
 */
async function mergeServerPlaylists(round: Round, changes: PlaylistChanges) {
  const { userId } = round;
  for (const remote of changes.playlists) await takeServerCopy(userId, remote);

  const seen = new Set(changes.playlists.map(clientIdOf));
  const gone = changes.full
    ? (await db.playlists.where('userId').equals(userId).toArray()).filter(
        (local) => !seen.has(local.clientId),
      )
    : (
        await db.playlists.bulkGet(changes.deleted.filter((clientId) => !seen.has(clientId)))
      ).filter((local) => local?.userId === userId);
  for (const local of gone) {
    if (!local?.documentId) continue;
    const told = await db.transaction('rw', db.playlists, db.outbox, async () => {
      if ((await db.outbox.where('playlistClientId').equals(local.clientId).count()) > 0)
        return false;
      await db.playlists.delete(local.clientId);
      return !local.deleted;
    });
    if (told) await tell(round, local.clientId, `“${local.title}” was deleted on another device.`);
  }
}

async function takeServerCopy(userId: string, remote: ServerPlaylist) {
  const clientId = clientIdOf(remote);
  await db.transaction('rw', db.playlists, db.outbox, async () => {
    if ((await db.outbox.where('playlistClientId').equals(clientId).count()) > 0) return;
    const local = await db.playlists.get(clientId);
    const fresh = serverToRecord(remote, userId);
    if (local && local.version === fresh.version && local.documentId === fresh.documentId) {
      // The same version: only card details this device lacked (items added elsewhere) change.
      const items = itemsWithDetails(
        stateOf(local),
        local.items.filter((item) => Object.keys(item.details).length > 0),
        fresh.items,
      );
      if (JSON.stringify(items) !== JSON.stringify(local.items))
        await db.playlists.update(clientId, { items });
      return;
    }
    await db.playlists.put(fresh);
  });
}
