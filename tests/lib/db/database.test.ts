import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { ClassroomDatabase } from '../../../src/lib/db/database';

let database: ClassroomDatabase;
afterEach(async () => {
  database?.close();
  await database?.delete();
});

describe('ClassroomDatabase', () => {
  it('opens with every table the architecture lists', async () => {
    database = new ClassroomDatabase(`test-${crypto.randomUUID()}`);
    await database.open();
    expect(database.tables.map((table) => table.name).sort()).toEqual(
      [
        'documents',
        'downloads',
        'media',
        'meta',
        'notices',
        'outbox',
        'playlists',
        'searchIndex',
        'updates',
      ].sort(),
    );
  });

  it('keeps outbox entries in the order they were written', async () => {
    database = new ClassroomDatabase(`test-${crypto.randomUUID()}`);
    for (const id of ['a', 'b', 'c']) {
      await database.outbox.add({
        userId: '1',
        playlistClientId: 'p',
        opId: id,
        operation: { id, type: 'rename', title: id },
        createdAt: Date.now(),
        attempts: 0,
      });
    }
    expect((await database.outbox.orderBy('seq').toArray()).map((entry) => entry.opId)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});

describe('upgrading a device from the snapshot outbox (version 1)', () => {
  it('converts pending edits written before operations existed, so they still reach the CMS', async () => {
    const name = `test-${crypto.randomUUID()}`;
    // Version 1 exactly as it shipped, with an outbox as the old app wrote it.
    const old = new Dexie(name);
    old.version(1).stores({
      documents: 'key, userId, operationName',
      downloads: 'id, userId, kind, status',
      media: 'url, *usedBy',
      playlists: 'clientId, userId, documentId',
      outbox: '++seq, userId, playlistClientId',
    });
    const item = (key: string) => ({
      key,
      kind: 'ComponentPlaylistsActivity',
      title: key,
      itemId: `act-${key}`,
      contextPath: `/a/${key}`,
      details: { time: '5' },
    });
    const playlist = (clientId: string, extra = {}) => ({
      clientId,
      userId: '1',
      documentId: null,
      title: `Title ${clientId}`,
      audienceId: 'aud',
      items: [item('x'), item('y')],
      deleted: false,
      updatedAt: 1,
      ...extra,
    });
    await old
      .table('playlists')
      .bulkAdd([
        playlist('made-here'),
        playlist('edited', { documentId: 'doc-2' }),
        playlist('removed', { documentId: 'doc-3', deleted: true }),
      ]);
    await old.table('outbox').bulkAdd([
      { userId: '1', playlistClientId: 'made-here', op: 'create', createdAt: 1, attempts: 0 },
      {
        userId: '1',
        playlistClientId: 'edited',
        op: 'update',
        createdAt: 2,
        attempts: 3,
        lastError: 'offline',
      },
      { userId: '1', playlistClientId: 'made-here', op: 'update', createdAt: 3, attempts: 0 },
      { userId: '1', playlistClientId: 'removed', op: 'delete', createdAt: 4, attempts: 0 },
      { userId: '1', playlistClientId: 'vanished', op: 'update', createdAt: 5, attempts: 0 },
    ]);
    old.close();

    database = new ClassroomDatabase(name);
    const entries = await database.outbox.orderBy('seq').toArray();
    const summary = entries.map((entry) => [entry.playlistClientId, entry.operation.type]);
    expect(summary).toEqual([
      ['made-here', 'create'],
      ['made-here', 'replaceState'],
      ['edited', 'replaceState'],
      ['removed', 'delete'],
    ]);
    const state = {
      title: 'Title edited',
      audienceId: 'aud',
      items: [item('x'), item('y')].map(({ details: _details, ...rest }) => rest),
    };
    expect(entries[2]!.operation).toMatchObject({ type: 'replaceState', ...state });
    expect(
      entries.every((entry) => entry.opId === entry.operation.id && entry.opId.length > 0),
    ).toBe(true);
    expect(new Set(entries.map((entry) => entry.opId)).size).toBe(entries.length);
  });
});

describe('upgrading a device from version 2 (before updates were staged)', () => {
  it('keeps every download, answer and file record, and starts with no staged update', async () => {
    const name = `test-${crypto.randomUUID()}`;
    // Versions 1 and 2 exactly as they shipped.
    const old = new Dexie(name);
    old.version(1).stores({
      documents: 'key, userId, operationName',
      downloads: 'id, userId, kind, status',
      media: 'url, *usedBy',
      playlists: 'clientId, userId, documentId',
      outbox: '++seq, userId, playlistClientId',
    });
    old.version(2).stores({
      outbox: '++seq, userId, playlistClientId, opId',
      notices: 'id, userId, playlistClientId',
      meta: 'key',
    });
    await old.table('downloads').add({
      id: '1:lesson:L1',
      userId: '1',
      status: 'complete',
      documentKeys: ['k'],
      mediaUrls: ['/uploads/a.jpg'],
    });
    await old
      .table('documents')
      .add({ key: 'k', userId: '1', operationName: 'Lesson', data: { title: 'Pulse' } });
    await old
      .table('media')
      .add({ url: '/uploads/a.jpg', bytes: 10, usedBy: ['1:lesson:L1'], storedAt: 1 });
    old.close();

    database = new ClassroomDatabase(name);
    expect(await database.downloads.get('1:lesson:L1')).toMatchObject({
      status: 'complete',
      documentKeys: ['k'],
    });
    expect(await database.documents.get('k')).toMatchObject({ data: { title: 'Pulse' } });
    expect(await database.media.where('usedBy').equals('1:lesson:L1').count()).toBe(1);
    expect(await database.updates.count()).toBe(0);
  });
});
