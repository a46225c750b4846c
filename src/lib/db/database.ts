import Dexie, { type EntityTable } from 'dexie';
import type { PlaylistOperation, PlaylistState } from '@music-classroom/shared/playlist-ops';
import { convertLegacyOutbox, type LegacyOutboxEntry } from './legacy-outbox';
import { releaseTransactionsWhenPageHides } from './page-hide-release';
import { INDEXED_DB_NAME } from '../storage-keys';
import { forgetPageSnapshots } from '../offline/page-snapshot';
import { forgetSlideSnapshots } from '../offline/slide-snapshot';
import type { SignedAnswer } from '../cms/graphql-client';

/**
 * The app's IndexedDB database, and the only code that opens IndexedDB.
 *
 * What is stored where (ARCHITECTURE.md, "What is stored where"):
 *
 * | table       | holds                                                        | written by          | cleared                         |
 * | ----------- | ------------------------------------------------------------ | ------------------- | ------------------------------- |
 * | documents   | downloaded CMS answers (lesson overviews, slideshows, pages) | the download manager| removing a download, logout     |
 * | downloads   | one record per "make available offline" item and its progress| the download manager| removing a download, logout     |
 * | media       | media URLs stored in Cache Storage, with size and users      | the download manager| when no download uses it        |
 * | updates     | an update's new answers, staged beside the current ones      | an update           | its switch, failure or next start |
 * | playlists   | the user's playlists as this device shows them: the CMS's copy | playlist actions, sync | logout (after the unsynced warning) |
 * |             | (serverState, version) with the pending operations applied   |                     |                                 |
 * | outbox      | playlist operations waiting for the CMS, in order             | playlist actions    | when the CMS confirms, logout   |
 * | notices     | what a sync must tell the teacher (conflicts), until dismissed | sync               | dismissed by the teacher        |
 * | meta        | this device's id (which device made an operation); the CMS's | sync; lesson files  | never                           |
 * |             | public key for lesson files                                  |                     |                                 |
 * | searchIndex | each download's searchable items (the device's search)       | offline search      | removing a download, logout     |
 *
 * Other stores: local storage keys `user`, `auth`, `role` (src/lib/session) and the persisted
 * query cache (src/lib/query); Cache Storage `precache` (the worker), `graphql-v1` and
 * `media-*` (sw/), `slide-snapshots-v1` (src/lib/offline/slide-snapshot.ts), `page-snapshots-v1` (src/lib/offline/page-snapshot.ts). Schema versions only move forward: never edit a shipped `version(n)`.
 */

export interface StoredDocument {
  /** `${userId}:${operationName}:${variablesHash}` */
  key: string;
  userId: string;
  operationName: string;
  variables: Record<string, unknown>;
  data: unknown;
  storedAt: number;
  /** The query's text, so the storage page can ask the CMS whether it has a newer answer. */
  document?: string;
  /**
   * The answer's bytes as the CMS sent them, with its statement and signature: what a lesson file
   * carries (absent on answers stored before downloads were signed, or from an unsigned CMS).
   */
  signed?: SignedAnswer;
}

export type DownloadStatus = 'queued' | 'downloading' | 'paused' | 'complete' | 'failed';

export interface DownloadRecord {
  /** `${userId}:${kind}:${contentId}` */
  id: string;
  userId: string;
  kind: 'lesson' | 'unit' | 'playlist' | 'audio-page';
  contentId: string;
  title: string;
  path: string;
  status: DownloadStatus;
  documentKeys: string[];
  mediaUrls: string[];
  bytesTotal: number;
  bytesDone: number;
  /** Media files stored so far (of mediaUrls.length). */
  filesDone?: number;
  /**
   * Whether every answer is stored and mediaUrls is the full list (false while the plan's queries
   * run: a resume then needs the plan again). Records older than this field: when they have keys.
   */
  filesListed?: boolean;
  /** The plan's version when it was downloaded (DownloadPlan.version). */
  version?: string;
  /**
   * What rebuilds the plan without its page (DownloadPlan.params, by `kind`), so a download cut
   * short before its files were listed carries on from any page load. Not indexed: no new version.
   */
  planParams?: Record<string, string | string[]>;
  /**
   * 'file': opened from a lesson file, not fetched (the storage page says "From a file"; one
   * left unfinished by a reload is removed whole at the next start).
   */
  source?: 'file';
  error?: string;
  updatedAt: number;
}

export interface MediaRecord {
  url: string;
  bytes: number;
  /** Ids of the downloads that use this file: it is deleted only when none is left. */
  usedBy: string[];
  storedAt: number;
}

/**
 * An update being fetched: its new answers wait here, beside the ones pages read, until every new
 * file is stored; then one transaction makes them current. Its files are counted in `media` under
 * `stagingOwner(id)` (src/lib/offline/update-staging.ts), so a failure releases exactly those.
 */
export interface StagedUpdate {
  /** The download's id. */
  id: string;
  userId: string;
  answers: StoredDocument[];
  mediaUrls: string[];
  title: string;
  /** The plan's version (DownloadPlan.version), when it has one. */
  version?: string;
  startedAt: number;
}

export interface PlaylistItemRecord {
  /** A device-local key for lists and drag and drop (items have no id of their own until saved). */
  key: string;
  kind: 'ComponentPlaylistsActivity' | 'ComponentPlaylistsAudioItem';
  title: string;
  itemId: string;
  contextPath: string;
  /** What the card shows, kept so the playlist renders offline. */
  details: Record<string, unknown>;
}

export interface PlaylistRecord {
  /** The client id: stable across devices and replays (the CMS stores it uniquely). */
  clientId: string;
  userId: string;
  documentId: string | null;
  title: string;
  audienceId: string | null;
  items: PlaylistItemRecord[];
  /** A local delete waiting to reach the CMS (the record goes once the CMS confirms). */
  deleted: boolean;
  updatedAt: number;
  /** The CMS's updatedAt when this device last saw or wrote the playlist (conflict detection). */
  serverUpdatedAt?: string | null;
  /** The CMS's version of the playlist that serverState is (null: the CMS has not answered yet). */
  version?: number | null;
  /** The playlist as the CMS last answered it; what is shown is this plus the pending operations. */
  serverState?: PlaylistState | null;
}

/** One thing the teacher did to a playlist, waiting for the CMS, as an operation. */
export interface OutboxEntry {
  seq?: number;
  userId: string;
  playlistClientId: string;
  /** The operation's own id: the CMS applies each id once, so a replay is a no-op. */
  opId: string;
  operation: PlaylistOperation;
  createdAt: number;
  attempts: number;
  lastError?: string;
}

/** A message for the teacher from a sync (a clash with another device), kept until dismissed. */
export interface SyncNotice {
  id: string;
  userId: string;
  playlistClientId: string | null;
  message: string;
  createdAt: number;
  dismissed: boolean;
  /** Edits a delete made elsewhere dropped: this device's copy, which the teacher may keep as a new playlist. */
  keep?: Pick<PlaylistRecord, 'title' | 'audienceId' | 'items'>;
}

export interface MetaRecord {
  key: string;
  value: string;
}

/** One thing the device's search can find (src/lib/offline/device-search-index.ts). */
export interface DeviceSearchItem {
  documentId: string;
  kind: string;
  title: string;
  body: string;
  href: string;
  place: { kind: string; title: string; href: string | null }[];
  time: string | null;
  /** The stored page that shows it (absent on items stored before it was noted). */
  shownOn?: string;
  /** Whether its own page's answer is stored with it (the page is it, or the answer is about it). */
  ownPage?: boolean;
}

/** The searchable items one download holds, replaced whole when the download changes. */
export interface DeviceSearchRow {
  /** The download's id. */
  id: string;
  userId: string;
  /** What the download was when these items were read (its updatedAt and version). */
  signature: string;
  items: DeviceSearchItem[];
}

export class ClassroomDatabase extends Dexie {
  documents!: EntityTable<StoredDocument, 'key'>;
  downloads!: EntityTable<DownloadRecord, 'id'>;
  media!: EntityTable<MediaRecord, 'url'>;
  playlists!: EntityTable<PlaylistRecord, 'clientId'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  notices!: EntityTable<SyncNotice, 'id'>;
  meta!: EntityTable<MetaRecord, 'key'>;
  updates!: EntityTable<StagedUpdate, 'id'>;
  searchIndex!: EntityTable<DeviceSearchRow, 'id'>;

  constructor(name = INDEXED_DB_NAME) {
    super(name);
    this.version(1).stores({
      documents: 'key, userId, operationName',
      downloads: 'id, userId, kind, status',
      media: 'url, *usedBy',
      playlists: 'clientId, userId, documentId',
      outbox: '++seq, userId, playlistClientId',
    });
    // Operations instead of state snapshots. Outboxes written by version 1 (entries
    // that only said create/update/delete, to send the playlist's state) are converted, so edits
    // made before the upgrade still reach the CMS.
    this.version(2)
      .stores({
        outbox: '++seq, userId, playlistClientId, opId',
        notices: 'id, userId, playlistClientId',
        meta: 'key',
      })
      .upgrade(async (tx) => {
        const outbox = tx.table<OutboxEntry | LegacyOutboxEntry, number>('outbox');
        const legacy = (await outbox.toArray()).filter(
          (entry): entry is LegacyOutboxEntry => 'op' in entry,
        );
        if (legacy.length === 0) return;
        const playlists = await tx.table<PlaylistRecord, string>('playlists').toArray();
        const converted = convertLegacyOutbox(legacy, playlists, () => crypto.randomUUID());
        await outbox.bulkDelete(legacy.map((entry) => entry.seq!));
        await outbox.bulkAdd(converted);
      });
    // Updates are staged beside the downloaded version and switched in whole.
    this.version(3).stores({ updates: 'id, userId' });
    // The device's search index: each download's searchable items.
    this.version(4).stores({ searchIndex: 'id, userId' });
  }
}

export const db = new ClassroomDatabase();
releaseTransactionsWhenPageHides(db);
forgetSnapshotsOnWrites(db);

/**
 * Snapshots painted before the app runs are kept only while what they were drawn from stays as
 * it was. A first slide's (src/lib/offline/slide-snapshot.ts) comes from one downloaded answer:
 * every write to `documents`, by whichever path (a download, an update switched in, a removal, a
 * lesson file, a sign-out's purge), forgets the snapshots drawn from the answers it writes or
 * deletes, and a write by range (a clear) forgets them all. A page's
 * (src/lib/offline/page-snapshot.ts) comes from many things the device holds: a write to any
 * table that a page shows forgets every page snapshot. Each is drawn again the next time
 * it is shown.
 */
/**
 * Tables no page shows, whose writes leave page snapshots alone: `meta` holds the device's id,
 * the CMS's public key, the sync's cursors and when it last pulled (a playlist page waiting for
 * its first pull is not kept), rewritten at every sync round; `media` and `searchIndex` are the
 * downloads' files and the device's search index, written in the background after a download
 * (what a page shows of a download is its `downloads` record). A new table forgets them.
 */
const UNSHOWN_TABLES = new Set(['meta', 'media', 'searchIndex']);

function forgetSnapshotsOnWrites(database: Dexie) {
  database.use({
    stack: 'dbcore',
    name: 'forget-snapshots',
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        return {
          ...table,
          mutate: async (request) => {
            const result = await table.mutate(request);
            if (!UNSHOWN_TABLES.has(name)) void forgetPageSnapshots().catch(() => undefined);
            if (name !== 'documents') return result;
            const keys =
              request.type === 'deleteRange'
                ? 'all'
                : request.type === 'delete'
                  ? (request.keys as string[])
                  : (request.values as StoredDocument[]).map((document) => document.key);
            void forgetSlideSnapshots(keys).catch(() => undefined);
            return result;
          },
        };
      },
    }),
  });
}
