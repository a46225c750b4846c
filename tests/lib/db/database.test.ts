import { afterEach, describe, expect, it } from 'vitest';
import { ClassroomDatabase } from '../../../src/lib/db/database';

let database: ClassroomDatabase;
afterEach(async () => {
  await database?.delete();
});

describe('ClassroomDatabase', () => {
  it('opens with every table the architecture lists', async () => {
    database = new ClassroomDatabase(`test-${crypto.randomUUID()}`);
    await database.open();
    expect(database.tables.map((table) => table.name).sort()).toEqual(
      ['documents', 'downloads', 'media', 'outbox', 'playlists'].sort(),
    );
  });

  it('keeps outbox entries in the order they were written', async () => {
    database = new ClassroomDatabase(`test-${crypto.randomUUID()}`);
    for (const op of ['create', 'update', 'delete'] as const) {
      await database.outbox.add({ userId: '1', playlistClientId: 'p', op, createdAt: Date.now(), attempts: 0 });
    }
    expect((await database.outbox.orderBy('seq').toArray()).map((entry) => entry.op)).toEqual(['create', 'update', 'delete']);
  });
});
