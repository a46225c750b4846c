import { db, type StagedUpdate, type StoredDocument } from '../db/database';
import { DownloadError } from './download-error';
import { keysOfOtherDownloads } from './download-release';
import { deleteFiles, dropUser } from './media-store';

/**
 * An update's new version, kept beside the downloaded one until it is complete: its answers in
 * the `updates` table (pages read `documents`), its files counted in `media` under its own owner.
 * The switch makes it current in one transaction; a failure, a cancel or a reload drops exactly
 * what it staged.
 */

const STAGING = '#update';

/** Who counts an update's files until its switch (never a download's id, so never read as one). */
export function stagingOwner(id: string): string {
  return `${id}${STAGING}`;
}

export async function stageAnswers(staged: StagedUpdate): Promise<void> {
  await db.updates.put(staged);
}

/** Drops a staged update: its answers, and the files nothing but the update counts. */
export async function discardStaged(id: string): Promise<void> {
  const dropped = await db.transaction('rw', db.updates, db.media, async () => {
    await db.updates.delete(id);
    return dropUser(stagingOwner(id), new Set());
  });
  await deleteFiles(dropped);
}

/** The downloads with staged data: rows in `updates`, or files counted by a staging owner. */
export async function stagedIds(): Promise<Set<string>> {
  const ids = new Set(await db.updates.toCollection().primaryKeys());
  for (const row of await db.media.toArray())
    for (const user of row.usedBy)
      if (user.endsWith(STAGING)) ids.add(user.slice(0, -STAGING.length));
  return ids;
}

/**
 * The switch, in one transaction: the staged answers become the ones pages read, the old answers
 * the new version and other downloads do not use go, the staged files become the download's, and
 * the record takes the new version's answers, files, title and real size. Returns the dropped
 * answers (their copies in the worker's cache go too). Old files are released after it.
 */
export async function switchToStaged(id: string): Promise<StoredDocument[]> {
  return db.transaction('rw', [db.documents, db.downloads, db.media, db.updates], async () => {
    const staged = await db.updates.get(id);
    const record = await db.downloads.get(id);
    if (!staged || !record) throw new DownloadError('The download was removed meanwhile.');
    const keys = [...new Set(staged.answers.map((answer) => answer.key))];
    const others = await keysOfOtherDownloads(record);
    const dropKeys = record.documentKeys.filter((key) => !keys.includes(key) && !others.has(key));
    const dropped = (await db.documents.bulkGet(dropKeys)).filter((answer) => answer !== undefined);
    await db.documents.bulkPut(staged.answers);
    await db.documents.bulkDelete(dropKeys);
    const owner = stagingOwner(id);
    for (const row of await db.media.where('usedBy').equals(owner).toArray()) {
      const usedBy = [...new Set(row.usedBy.map((user) => (user === owner ? id : user)))];
      await db.media.update(row.url, { usedBy });
    }
    const rows = await db.media.bulkGet(staged.mediaUrls);
    const bytes = rows.reduce((sum, row) => sum + (row?.bytes ?? 0), 0);
    await db.downloads.update(id, {
      documentKeys: keys,
      mediaUrls: staged.mediaUrls,
      title: staged.title,
      ...(staged.version !== undefined && { version: staged.version }),
      bytesTotal: bytes,
      bytesDone: bytes,
      filesDone: staged.mediaUrls.length,
      filesListed: true,
      status: 'complete',
      error: undefined,
      updatedAt: Date.now(),
    });
    await db.updates.delete(id);
    return dropped;
  });
}
