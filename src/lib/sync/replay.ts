import { CmsError } from '../cms/errors';
import { db, type OutboxEntry, type PlaylistRecord } from '../db/database';
import { isNotFound, type PlaylistApi } from './playlist-api';
import { clientIdOf, serverToRecord, type ServerPlaylist } from './playlist-mapping';

/** 'refused': the CMS said no to a change (a bound in cms/src/utils/playlist-limits.js); retrying will not help. */
export type SyncStatus = 'synced' | 'offline' | 'unauthorized' | 'failed' | 'refused';

export interface SyncOutcome {
  status: SyncStatus;
  /** Requests sent to the CMS (the benchmark's figure). */
  requests: number;
  /** Things the user must be told (conflicts resolved, see README "Playlist conflicts"). */
  notices: string[];
  error?: string;
}

class StopReplay extends Error {
  constructor(
    readonly status: Exclude<SyncStatus, 'synced'>,
    message: string,
  ) {
    super(message);
  }
}

function classify(error: unknown): StopReplay {
  if (error instanceof CmsError) {
    if (error.status === 0) return new StopReplay('offline', 'The content service could not be reached.');
    if (error.status === 401) return new StopReplay('unauthorized', 'Your session has ended: log in again to sync.');
    return new StopReplay('failed', error.message || `The content service answered ${error.status}.`);
  }
  return new StopReplay('failed', error instanceof Error ? error.message : String(error));
}

/** A validation refusal (GraphQL BAD_USER_INPUT, HTTP 400 or 413): the same request would fail again. */
function isRefusal(error: unknown): error is CmsError {
  return error instanceof CmsError && (error.status === 400 || error.status === 413 || error.body.includes('"BAD_USER_INPUT"'));
}

/** The outbox of one user, grouped per playlist in the order of each playlist's first edit. */
async function pendingGroups(userId: string): Promise<Map<string, OutboxEntry[]>> {
  const entries = await db.outbox.where('userId').equals(userId).sortBy('seq');
  const groups = new Map<string, OutboxEntry[]>();
  for (const entry of entries) {
    const group = groups.get(entry.playlistClientId) ?? [];
    group.push(entry);
    groups.set(entry.playlistClientId, group);
  }
  return groups;
}

/** Drops the entries a request covered; edits made while it was in flight stay queued. */
async function settle(clientId: string, upToSeq: number, change: (record: PlaylistRecord | undefined) => Promise<void>) {
  await db.transaction('rw', db.playlists, db.outbox, async () => {
    await db.outbox
      .where('playlistClientId')
      .equals(clientId)
      .filter((entry) => (entry.seq ?? 0) <= upToSeq)
      .delete();
    await change(await db.playlists.get(clientId));
  });
}

async function markFailedAttempt(entries: OutboxEntry[], message: string) {
  await db.outbox.bulkUpdate(
    entries.map((entry) => ({ key: entry.seq!, changes: { attempts: entry.attempts + 1, lastError: message } })),
  );
}

/**
 * One sync round for one user (ARCHITECTURE.md, "Sync rules"): read the CMS's playlists once,
 * replay the outbox with one request per playlist touched (a create carries the client id, so a
 * replay after a lost answer finds the playlist instead of duplicating it), then take the CMS's
 * version of every playlist this device has no pending edits for.
 */
export async function syncPlaylists(userId: string, api: PlaylistApi): Promise<SyncOutcome> {
  let requests = 0;
  const notices: string[] = [];
  const touched = new Set<string>();
  let refusal: string | null = null;
  try {
    requests += 1;
    const server = await api.list();
    const serverByDocument = new Map(server.map((playlist) => [playlist.documentId, playlist]));

    for (const [clientId, entries] of await pendingGroups(userId)) {
      const upToSeq = Math.max(...entries.map((entry) => entry.seq ?? 0));
      const record = await db.playlists.get(clientId);
      touched.add(clientId);
      try {
        if (!record || record.deleted) {
          let documentId = record?.documentId ?? null;
          // A create whose answer was lost may have reached the CMS: look it up by client id.
          if (!documentId && entries.some((entry) => entry.op === 'create')) {
            requests += 1;
            documentId = await api.findByClientId(clientId);
          }
          if (documentId) {
            requests += 1;
            await api.remove(documentId);
          }
          await settle(clientId, upToSeq, async (latest) => {
            const stillDeleted = !latest || latest.deleted;
            const morePending = await db.outbox.where('playlistClientId').equals(clientId).count();
            if (stillDeleted && morePending === 0) await db.playlists.delete(clientId);
          });
          continue;
        }

        const onServer = record.documentId ? serverByDocument.get(record.documentId) : undefined;
        if (record.documentId && !onServer) {
          notices.push(`“${record.title}” was deleted on another device. Your changes on this device were kept, so it has been saved again.`);
        } else if (onServer && record.serverUpdatedAt && onServer.updatedAt !== record.serverUpdatedAt) {
          notices.push(`“${record.title}” was also changed on another device. The version on this device has been kept.`);
        }

        requests += 1;
        let saved;
        if (record.documentId && onServer) {
          try {
            saved = await api.update(record.documentId, record);
          } catch (error) {
            if (!isNotFound(error)) throw error;
            requests += 1;
            saved = await api.create(record);
          }
        } else {
          saved = await api.create(record);
        }
        if (saved.sameAsSent === false) {
          // A replayed create found the playlist its lost first attempt made, in that older state.
          requests += 1;
          saved = await api.update(saved.documentId, record);
        }
        await settle(clientId, upToSeq, async (latest) => {
          if (latest) {
            await db.playlists.update(clientId, { documentId: saved.documentId, serverUpdatedAt: saved.updatedAt });
          }
        });
      } catch (error) {
        if (isRefusal(error)) {
          // The edit stays in the outbox (sent again after the next change); the others go on.
          refusal ??= `“${record?.title ?? 'A playlist'}” was not saved: ${error.message}`;
          await markFailedAttempt(entries, refusal);
          continue;
        }
        const stop = classify(error);
        await markFailedAttempt(entries, stop.message);
        throw stop;
      }
    }

    await mergeServerPlaylists(userId, server, touched, notices);
    if (refusal) return { status: 'refused', requests, notices, error: refusal };
    return { status: 'synced', requests, notices };
  } catch (error) {
    const stop = error instanceof StopReplay ? error : classify(error);
    return { status: stop.status, requests, notices, error: stop.message };
  }
}

/**
 * The CMS's playlists replace the local copies that have nothing pending, and playlists deleted
 * elsewhere leave this device. Each playlist is decided inside a transaction with its outbox, so
 * an edit made meanwhile always wins over the older server copy.
 */
async function mergeServerPlaylists(userId: string, server: ServerPlaylist[], touched: Set<string>, notices: string[]) {
  const seen = new Set<string>();
  for (const remote of server) {
    const clientId = clientIdOf(remote);
    seen.add(clientId);
    if (touched.has(clientId)) continue;
    await db.transaction('rw', db.playlists, db.outbox, async () => {
      if ((await db.outbox.where('playlistClientId').equals(clientId).count()) > 0) return;
      const local = await db.playlists.get(clientId);
      if (local && local.serverUpdatedAt === remote.updatedAt && local.documentId === remote.documentId) return;
      await db.playlists.put(serverToRecord(remote, userId));
    });
  }
  const locals = await db.playlists.where('userId').equals(userId).toArray();
  for (const local of locals) {
    if (!local.documentId || seen.has(local.clientId) || touched.has(local.clientId)) continue;
    await db.transaction('rw', db.playlists, db.outbox, async () => {
      if ((await db.outbox.where('playlistClientId').equals(local.clientId).count()) > 0) return;
      await db.playlists.delete(local.clientId);
      if (!local.deleted) notices.push(`“${local.title}” was deleted on another device.`);
    });
  }
}
