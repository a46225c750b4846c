import type { PlaylistOperation } from '@music-classroom/shared/playlist-ops';
import { CmsError } from '../cms/errors';
import { db, type OutboxEntry, type PlaylistItemRecord, type PlaylistRecord } from '../db/database';
import { withOperations } from './local-writes';
import type { PlaylistApi, PlaylistSyncAnswer } from './playlist-api';
import { itemsWithDetails, stateOf } from './playlist-mapping';
import { pullChanges } from './pull-changes';
import { droppedEditsMessage } from './dropped-edits';
import { announceAudiencesGone } from './audiences-gone';
import { audienceTitle, goneReferenceMessage } from './gone-references';
import { plainRefusal, UNKNOWN_FAILURE } from './plain-errors';
import { addConflictNotices, addDroppedEditsNotice, deviceId } from './sync-notices';
import { tell, type Round } from './sync-round';
import { THROTTLED_MESSAGE } from './sync-status-store';

/**
 * 'refused': the CMS said no to a change (a bound in cms/src/utils/playlist-limits.js); retrying will not help.
 * 'throttled': the CMS asked this device to slow down (429); the changes wait for the time it named.
 */
export type SyncStatus = 'synced' | 'offline' | 'unauthorized' | 'failed' | 'refused' | 'throttled';

export interface SyncOutcome {
  status: SyncStatus;
  /** Requests sent to the CMS (the benchmark's figure). */
  requests: number;
  /** What this round told the teacher (also stored on the device until dismissed). */
  notices: string[];
  error?: string;
  /** 'throttled': how long the CMS asked to wait, when it said. */
  retryAfterMs?: number | null;
}

/** The most operations one request carries; more wait for the next round (the CMS's bound). */
export const OPERATIONS_PER_REQUEST = 1000;

class StopReplay extends Error {
  constructor(
    readonly status: Exclude<SyncStatus, 'synced'>,
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

function classify(error: unknown): StopReplay {
  if (error instanceof CmsError) {
    if (error.status === 0)
      return new StopReplay('offline', 'The content service could not be reached.');
    if (error.status === 401)
      return new StopReplay('unauthorized', 'Your session has ended: log in again to sync.');
    if (error.status === 429)
      return new StopReplay('throttled', `${THROTTLED_MESSAGE}.`, error.retryAfterMs);
    return new StopReplay('failed', UNKNOWN_FAILURE);
  }
  // Never the error's own text: it is not written for a teacher.
  return new StopReplay('failed', UNKNOWN_FAILURE);
}

/** A validation refusal (GraphQL BAD_USER_INPUT, HTTP 400 or 413): the same request would fail again. */
function isRefusal(error: unknown): error is CmsError {
  return (
    error instanceof CmsError &&
    (error.status === 400 || error.status === 413 || error.body.includes('"BAD_USER_INPUT"'))
  );
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
    entries.map((entry) => ({
      key: entry.seq!,
      changes: { attempts: entry.attempts + 1, lastError: message },
    })),
  );
}

/**
 * The CMS's answer to a playlist's operations becomes the device's copy: the operations it
 * covered leave the outbox, and what is shown is the CMS's playlist with the operations made
 * meanwhile applied on top (local-first: server state plus what is still waiting).
 */
async function settle(
  round: Round,
  clientId: string,
  sent: OutboxEntry[],
  answer: Extract<PlaylistSyncAnswer, { status: 'applied' }>,
) {
  const done = new Set([...answer.applied, ...answer.dropped]);
  await db.transaction('rw', db.playlists, db.outbox, async () => {
    await db.outbox.bulkDelete(
      sent.filter((entry) => done.has(entry.opId)).map((entry) => entry.seq!),
    );
    const remaining = await db.outbox.where('playlistClientId').equals(clientId).sortBy('seq');
    const local = await db.playlists.get(clientId);
    if (!answer.state) {
      if (remaining.length === 0) await db.playlists.delete(clientId);
      return;
    }
    const items: PlaylistItemRecord[] = itemsWithDetails(answer.state, local?.items ?? []);
    // Items added on another device have no card details here; the round's pull asks for them.
    if (items.some((item) => Object.keys(item.details).length === 0))
      round.lackingDetails.add(clientId);
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
    const shown = withOperations(
      fromServer,
      remaining.map((entry) => entry.operation),
    );
    await db.playlists.put({
      ...shown,
      items: itemsWithDetails(stateOf(shown), local?.items ?? [], items),
    });
  });
  await addConflictNotices(round.userId, clientId, round.device, answer.conflicts);
  await tellGone(round, clientId, answer);
}

/**
 * The references the CMS left out because it no longer has them (docs/sync-protocol.md, `gone`):
 * the device already shows the CMS's playlist without them; the teacher is told why, and the
 * audience lists are asked for again so a deleted audience is no longer offered.
 */
async function tellGone(
  round: Round,
  clientId: string,
  answer: Extract<PlaylistSyncAnswer, { status: 'applied' }>,
) {
  const gone = answer.gone ?? [];
  if (gone.length === 0 || !answer.state) return;
  for (const reference of gone) {
    const name = reference.type === 'audience' ? await audienceTitle(reference.id) : null;
    await tell(round, clientId, goneReferenceMessage(answer.state.title, reference, name));
  }
  if (gone.some((reference) => reference.type === 'audience')) announceAudiencesGone();
}

/** Sends one playlist's pending operations (at most OPERATIONS_PER_REQUEST) in one request. */
async function push(round: Round, clientId: string, entries: OutboxEntry[]) {
  const sent = entries.slice(0, OPERATIONS_PER_REQUEST);
  const local = await db.playlists.get(clientId);
  const send = (operations: PlaylistOperation[], baseVersion: number | null) => {
    round.requests += 1;
    return round.api.sync({ clientId, device: round.device, baseVersion, operations });
  };
  const answer = await send(
    sent.map((entry) => entry.operation),
    local?.version ?? null,
  );
  if (answer.status === 'applied') return settle(round, clientId, sent, answer);

  // Deleted on another device before these operations arrived.
  const forget = () =>
    db.transaction('rw', db.playlists, db.outbox, async () => {
      await db.outbox.bulkDelete(sent.map((entry) => entry.seq!));
      if ((await db.outbox.where('playlistClientId').equals(clientId).count()) === 0)
        await db.playlists.delete(clientId);
    });
  if (!local || local.deleted || sent.some((entry) => entry.operation.type === 'delete')) {
    await forget();
    return;
  }
  // Every operation had reached the CMS before the delete, which had seen them (their answer was
  // lost): the playlist stays deleted. The teacher is told which edits were dropped, and may keep
  // this device's copy as a new playlist.
  const seenByDelete = new Set(answer.applied ?? []);
  if (sent.every((entry) => seenByDelete.has(entry.opId))) {
    await forget();
    const message = droppedEditsMessage(
      local.title,
      sent.map((entry) => entry.operation),
      local.items,
    );
    round.notices.push(message);
    await addDroppedEditsNotice(round.userId, clientId, message, {
      title: local.title,
      audienceId: local.audienceId,
      items: local.items,
    });
    return;
  }
  // Edit after delete (an operation the delete had not seen): the teacher is told, and the
  // playlist comes back as this device has it; the device that deleted it is told by the CMS.
  await tell(
    round,
    clientId,
    `“${local.title}” was deleted on another device. Your changes on this device were kept, so it has been saved again.`,
  );
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
 * One sync round for one user (ARCHITECTURE.md, "Sync rules"): send each touched playlist's
 * pending operations in one request (the CMS applies each operation id once, so a replay after a
 * lost answer changes nothing), then one pull of what changed since this device's cursor,
 * which also brings the card details of items the answers named but this device lacks. A
 * quiet round is that one pull. After a server error the pull is still made, so a device whose
 * edit keeps failing still gets the library; offline or signed out, nothing more is tried.
 */
export async function syncPlaylists(userId: string, api: PlaylistApi): Promise<SyncOutcome> {
  const round: Round = {
    userId,
    device: await deviceId(),
    api,
    notices: [],
    requests: 0,
    lackingDetails: new Set(),
  };
  let refusal: string | null = null;
  let stopped: StopReplay | null = null;
  try {
    for (const [clientId, entries] of await pendingGroups(userId)) {
      try {
        await push(round, clientId, entries);
      } catch (error) {
        if (isRefusal(error)) {
          // The edit stays in the outbox (sent again after the next change); the others go on.
          const title = (await db.playlists.get(clientId))?.title ?? 'A playlist';
          refusal ??= `“${title}” was not saved: ${plainRefusal(error.message)}`;
          await markFailedAttempt(entries, refusal);
          continue;
        }
        const stop = classify(error);
        await markFailedAttempt(entries, stop.message);
        throw stop;
      }
    }
  } catch (error) {
    stopped = error instanceof StopReplay ? error : classify(error);
    if (stopped.status !== 'failed') return outcomeOf(round, stopped);
  }
  try {
    await pullChanges(round);
  } catch (error) {
    return outcomeOf(round, stopped ?? (error instanceof StopReplay ? error : classify(error)));
  }
  if (stopped) return outcomeOf(round, stopped);
  if (refusal)
    return { status: 'refused', requests: round.requests, notices: round.notices, error: refusal };
  return { status: 'synced', requests: round.requests, notices: round.notices };
}

function outcomeOf(round: Round, stop: StopReplay): SyncOutcome {
  return {
    status: stop.status,
    requests: round.requests,
    notices: round.notices,
    error: stop.message,
    retryAfterMs: stop.retryAfterMs,
  };
}
