import Dexie, { type EntityTable } from 'dexie';

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
 * | playlists   | the user's playlists as this device knows them               | playlist actions, sync | logout (after the unsynced warning) |
 * | outbox      | playlist edits waiting to reach the CMS, in order             | playlist actions    | when the CMS confirms, logout   |
 *
 * Other stores: local storage keys `user`, `auth`, `role` (src/lib/session) and the persisted
 * query cache (src/lib/query); Cache Storage `precache` (the worker), `graphql-v1` and
 * `media-*` (sw/). Schema versions only move forward: never edit a shipped `version(n)`.
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
  /** The plan's version when it was downloaded (DownloadPlan.version). */
  version?: string;
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
}

export interface OutboxEntry {
  seq?: number;
  userId: string;
  playlistClientId: string;
  op: 'create' | 'update' | 'delete';
  createdAt: number;
  attempts: number;
  lastError?: string;
}

export class ClassroomDatabase extends Dexie {
  documents!: EntityTable<StoredDocument, 'key'>;
  downloads!: EntityTable<DownloadRecord, 'id'>;
  media!: EntityTable<MediaRecord, 'url'>;
  playlists!: EntityTable<PlaylistRecord, 'clientId'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;

  constructor(name = 'music-classroom') {
    super(name);
    this.version(1).stores({
      documents: 'key, userId, operationName',
      downloads: 'id, userId, kind, status',
      media: 'url, *usedBy',
      playlists: 'clientId, userId, documentId',
      outbox: '++seq, userId, playlistClientId',
    });
  }
}

export const db = new ClassroomDatabase();
