import { db, type StoredDocument } from '../db/database';

/** Downloaded CMS answers in IndexedDB (keys: ./document-keys.ts). */
export async function readStoredDocument(key: string): Promise<StoredDocument | undefined> {
  try {
    return await db.documents.get(key);
  } catch {
    // IndexedDB can be unavailable (private modes, storage pressure): just use the network.
    return undefined;
  }
}

/** A downloaded answer the CMS has changed since: the new copy replaces the stored one. */
export async function replaceStoredDocument(key: string, data: unknown): Promise<void> {
  await db.documents.update(key, { data, storedAt: Date.now() });
}
