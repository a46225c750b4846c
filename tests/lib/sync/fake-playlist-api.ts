import { CmsError } from '../../../src/lib/cms/errors';
import type { PlaylistRecord } from '../../../src/lib/db/database';
import type { PlaylistApi, SavedPlaylist } from '../../../src/lib/sync/playlist-api';
import { recordToInput, type PlaylistInput, type ServerPlaylist } from '../../../src/lib/sync/playlist-mapping';

type Fault = 'network' | 'server-error' | 'unauthorized' | 'drop-response';

/**
 * An in-memory CMS with the real one's playlist rules: client ids are unique and a repeated
 * create returns the existing playlist; update and delete of a missing one are "not found".
 */
export class FakePlaylistApi implements PlaylistApi {
  readonly playlists = new Map<string, PlaylistInput & { documentId: string; updatedAt: string }>();
  readonly calls: string[] = [];
  private faults: { call: string; fault: Fault }[] = [];
  private counter = 0;
  private clock = 0;

  /** The next call of that name fails this way (queued per call name, in order). */
  failNext(call: 'list' | 'find' | 'create' | 'update' | 'remove', fault: Fault) {
    this.faults.push({ call, fault });
  }

  private async guard<T>(name: string, work: () => T): Promise<T> {
    this.calls.push(name);
    const index = this.faults.findIndex((entry) => entry.call === name);
    const fault = index >= 0 ? this.faults.splice(index, 1)[0]!.fault : undefined;
    if (fault === 'network') throw new CmsError('The content service could not be reached', 0);
    if (fault === 'server-error') throw new CmsError('Internal Server Error', 500);
    if (fault === 'unauthorized') throw new CmsError('Unauthorized', 401);
    const result = work();
    if (fault === 'drop-response') throw new CmsError('The content service could not be reached', 0);
    return result;
  }

  private stamp() {
    this.clock += 1;
    return new Date(Date.UTC(2026, 0, 1, 0, 0, this.clock)).toISOString();
  }

  /** Another device's edit, straight into the CMS. */
  editRemotely(documentId: string, title: string) {
    const playlist = this.playlists.get(documentId)!;
    this.playlists.set(documentId, { ...playlist, title, updatedAt: this.stamp() });
  }

  list(): Promise<ServerPlaylist[]> {
    return this.guard('list', () =>
      [...this.playlists.values()].map((playlist) => ({
        documentId: playlist.documentId,
        title: playlist.title,
        client_id: playlist.client_id ?? null,
        updatedAt: playlist.updatedAt,
        audience: playlist.audience ? { documentId: playlist.audience, title: 'Audience' } : null,
        playlist_item: playlist.playlist_item.map((item) =>
          item.__typename === 'ComponentPlaylistsActivity'
            ? { __typename: item.__typename, title: item.title, context_path: item.context_path, item: { documentId: item.item } }
            : { __typename: item.__typename, title: item.title, context_path: item.context_path, item: { documentId: item.item, url: `/uploads/${item.item}.mp3` } },
        ),
      })),
    );
  }

  findByClientId(clientId: string): Promise<string | null> {
    return this.guard('find', () => [...this.playlists.values()].find((p) => p.client_id === clientId)?.documentId ?? null);
  }

  create(record: PlaylistRecord): Promise<SavedPlaylist> {
    return this.guard('create', () => {
      const input = recordToInput(record, true);
      const existing = [...this.playlists.values()].find((p) => p.client_id && p.client_id === input.client_id);
      if (existing) {
        const same =
          existing.title === input.title &&
          existing.audience === input.audience &&
          JSON.stringify(existing.playlist_item.map((i) => i.item)) === JSON.stringify(input.playlist_item.map((i) => i.item));
        return { documentId: existing.documentId, updatedAt: existing.updatedAt, sameAsSent: same };
      }
      this.counter += 1;
      const documentId = `doc-${this.counter}`;
      const updatedAt = this.stamp();
      this.playlists.set(documentId, { ...input, documentId, updatedAt });
      return { documentId, updatedAt, sameAsSent: true };
    });
  }

  update(documentId: string, record: PlaylistRecord): Promise<SavedPlaylist> {
    return this.guard('update', () => {
      const existing = this.playlists.get(documentId);
      if (!existing) throw new CmsError('Not Found', 404);
      const updatedAt = this.stamp();
      this.playlists.set(documentId, { ...existing, ...recordToInput(record, false), updatedAt });
      return { documentId, updatedAt };
    });
  }

  remove(documentId: string): Promise<void> {
    return this.guard('remove', () => {
      this.playlists.delete(documentId);
    });
  }
}
