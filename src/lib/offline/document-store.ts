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
