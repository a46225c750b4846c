import type { PlaylistOperation } from '../../../cms/src/utils/playlist-ops.mjs';
import { CmsError } from '../cms/errors';
import { db, type OutboxEntry, type PlaylistItemRecord, type PlaylistRecord } from '../db/database';
import { withOperations } from './local-writes';
import type { PlaylistApi, PlaylistSyncAnswer } from './playlist-api';
import { clientIdOf, itemsWithDetails, serverToRecord, stateOf, type ServerPlaylist } from './playlist-mapping';
import { addConflictNotices, addNotice, deviceId, markPulled } from './sync-notices';

/** 'refused': the CMS said no to a change (a bound in cms/src/utils/playlist-limits.js); retrying will not help. */
export type SyncStatus = 'synced' | 'offline' | 'unauthorized' | 'failed' | 'refused';

export interface SyncOutcome {
  status: SyncStatus;
  /** Requests sent to the CMS (the benchmark's figure). */
  requests: number;
  /** What this round told the teacher (also stored on the device until dismissed). */
  notices: string[];
  error?: string;
}

/** The most operations one request carries; more wait for the next round (the CMS's bound). */
export const OPERATIONS_PER_REQUEST = 1000;

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

async function markFailedAttempt(entries: OutboxEntry[], message: string) {
  await db.outbox.bulkUpdate(
    entries.map((entry) => ({ key: entry.seq!, changes: { attempts: entry.attempts + 1, lastError: message } })),
  );
}

/** A round's shared facts: who, which device, what the pull said, what to tell the teacher. */
interface Round {
  userId: string;
  device: string;
  api: PlaylistApi;
  pulled: Map<string, ServerPlaylist>;
  notices: string[];
  requests: number;
  /** Items the CMS answered that this device has no card details for (added elsewhere). */
  missingDetails: boolean;
}

async function tell(round: Round, clientId: string | null, message: string) {
  round.notices.push(message);
  await addNotice(round.userId, clientId, message);
}

/**
 * The CMS's answer to a playlist's operations becomes the device's copy: the operations it
 * covered leave the outbox, and what is shown is the CMS's playlist with the operations made
 * meanwhile applied on top (local-first: server state plus what is still waiting).
 */
async function settle(round: Round, clientId: string, sent: OutboxEntry[], answer: Extract<PlaylistSyncAnswer, { status: 'applied' }>) {
  const done = new Set([...answer.applied, ...answer.dropped]);
  const pulled = round.pulled.get(clientId);
  const known = pulled ? serverToRecord(pulled, round.userId).items : [];
  await db.transaction('rw', db.playlists, db.outbox, async () => {
    await db.outbox.bulkDelete(sent.filter((entry) => done.has(entry.opId)).map((entry) => entry.seq!));
    const remaining = await db.outbox.where('playlistClientId').equals(clientId).sortBy('seq');
    const local = await db.playlists.get(clientId);
    if (!answer.state) {
      if (remaining.length === 0) await db.playlists.delete(clientId);
      return;
    }
    const items: PlaylistItemRecord[] = itemsWithDetails(answer.state, local?.items ?? [], known);
    const knownKeys = new Set([...(local?.items ?? []), ...known].map((item) => item.key));
    if (answer.state.items.some((item) => !knownKeys.has(item.key))) round.missingDetails = true;
    const fromServer: PlaylistRecord = {
      clientId,
      userId: round.userId,
      documentId: answer.documentId,
      title: answer.state.title,
      audienceId: answer.state.audienceId,
      items,
      deleted: false,
      updatedAt: Date.now(),
      serverUpdatedAt: local?.serverUpdatedAt ?? null,
      version: answer.version,
      serverState: answer.state,
    };
    const shown = withOperations(fromServer, remaining.map((entry) => entry.operation));
    await db.playlists.put({ ...shown, items: itemsWithDetails(stateOf(shown), local?.items ?? [], items) });
  });
  await addConflictNotices(round.userId, clientId, round.device, answer.conflicts);
}

/** Sends one playlist's pending operations (at most OPERATIONS_PER_REQUEST) in one request. */
async function push(round: Round, clientId: string, entries: OutboxEntry[]) {
  const sent = entries.slice(0, OPERATIONS_PER_REQUEST);
  const local = await db.playlists.get(clientId);
  const send = (operations: PlaylistOperation[], baseVersion: number | null) => {
    round.requests += 1;
    return round.api.sync({ clientId, device: round.device, baseVersion, operations });
  };
  const answer = await send(sent.map((entry) => entry.operation), local?.version ?? null);
  if (answer.status === 'applied') return settle(round, clientId, sent, answer);

  // Deleted on another device before these operations arrived.
  if (!local || local.deleted || sent.some((entry) => entry.operation.type === 'delete')) {
    await db.transaction('rw', db.playlists, db.outbox, async () => {
      await db.outbox.bulkDelete(sent.map((entry) => entry.seq!));
      if ((await db.outbox.where('playlistClientId').equals(clientId).count()) === 0) await db.playlists.delete(clientId);
    });
    return;
  }
  // Edit after delete: the teacher is told, and the playlist comes back as this device has it.
  await tell(round, clientId, `“${local.title}” was deleted on another device. Your changes on this device were kept, so it has been saved again.`);
  const opId = crypto.randomUUID();
  const recreate: OutboxEntry = {
    userId: round.userId,
    playlistClientId: clientId,
    opId,
    operation: { id: opId, type: 'create', ...stateOf(local) },
    createdAt: Date.now(),
    attempts: 0,
  };
  await db.transaction('rw', db.outbox, async () => {
    await db.outbox.bulkDelete(sent.map((entry) => entry.seq!));
    recreate.seq = await db.outbox.add(recreate);
  });
  const again = await send([recreate.operation], null);
  if (again.status === 'applied') await settle(round, clientId, [recreate], again);
}

/**
 * One sync round for one user (ARCHITECTURE.md, "Sync rules"): pull the CMS's playlists once,
 * send each touched playlist's pending operations in one request (the CMS applies each operation
 * id once, so a replay after a lost answer changes nothing), then take the CMS's copy of every
 * playlist this device has nothing pending for.
 */
export async function syncPlaylists(userId: string, api: PlaylistApi): Promise<SyncOutcome> {
  const round: Round = { userId, device: await deviceId(), api, pulled: new Map(), notices: [], requests: 0, missingDetails: false };
  const touched = new Set<string>();
  let refusal: string | null = null;
  try {
    round.requests += 1;
    const server = await api.list();
    await markPulled(userId);
    round.pulled = new Map(server.map((playlist) => [clientIdOf(playlist), playlist]));
    for (const [clientId, remote] of round.pulled) await addConflictNotices(userId, clientId, round.device, remote.conflicts);

    for (const [clientId, entries] of await pendingGroups(userId)) {
      touched.add(clientId);
      try {
        await push(round, clientId, entries);
      } catch (error) {
        if (isRefusal(error)) {
          // The edit stays in the outbox (sent again after the next change); the others go on.
          const title = (await db.playlists.get(clientId))?.title ?? 'A playlist';
          refusal ??= `“${title}” was not saved: ${error.message}`;
          await markFailedAttempt(entries, refusal);
          continue;
        }
        const stop = classify(error);
        await markFailedAttempt(entries, stop.message);
        throw stop;
      }
    }

    let pulled = server;
    if (round.missingDetails) {
      // Items added on another device: their cards need what only the CMS's answer has.
      round.requests += 1;
      pulled = await api.list();
    }
    await mergeServerPlaylists(round, pulled, round.missingDetails ? new Set() : touched);
    if (refusal) return { status: 'refused', requests: round.requests, notices: round.notices, error: refusal };
    return { status: 'synced', requests: round.requests, notices: round.notices };
  } catch (error) {
    const stop = error instanceof StopReplay ? error : classify(error);
    return { status: stop.status, requests: round.requests, notices: round.notices, error: stop.message };
  }
}

/**
 * The CMS's playlists replace the local copies that have nothing pending, and playlists deleted
 * elsewhere leave this device. Each playlist is decided inside a transaction with its outbox, so
 * an edit made meanwhile always wins over the older server copy.
 */
async function mergeServerPlaylists(round: Round, server: ServerPlaylist[], touched: Set<string>) {
  const { userId } = round;
  const seen = new Set<string>();
  for (const remote of server) {
    const clientId = clientIdOf(remote);
    seen.add(clientId);
    if (touched.has(clientId)) continue;
    await db.transaction('rw', db.playlists, db.outbox, async () => {
      if ((await db.outbox.where('playlistClientId').equals(clientId).count()) > 0) return;
      const local = await db.playlists.get(clientId);
      const fresh = serverToRecord(remote, userId);
      if (local && local.version === fresh.version && local.documentId === fresh.documentId) {
        // The same version: only card details this device lacked (items added elsewhere) change.
        const items = itemsWithDetails(stateOf(local), local.items.filter((item) => Object.keys(item.details).length > 0), fresh.items);
        if (JSON.stringify(items) !== JSON.stringify(local.items)) await db.playlists.update(clientId, { items });
        return;
      }
      await db.playlists.put(fresh);
    });
  }
  const locals = await db.playlists.where('userId').equals(userId).toArray();
  for (const local of locals) {
    if (!local.documentId || seen.has(local.clientId) || touched.has(local.clientId)) continue;
    const gone = await db.transaction('rw', db.playlists, db.outbox, async () => {
      if ((await db.outbox.where('playlistClientId').equals(local.clientId).count()) > 0) return false;
      await db.playlists.delete(local.clientId);
      return !local.deleted;
    });
    if (gone) await tell(round, local.clientId, `“${local.title}” was deleted on another device.`);
  }
}
