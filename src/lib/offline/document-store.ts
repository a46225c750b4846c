import { db, type StoredDocument } from '../db/database';
import { stableStringify } from '../graphql-cache-key';

export { stableStringify };

/** `query Name(` → `Name`; anonymous operations cannot be stored (nothing stable to key them on). */
export function operationNameOf(document: string): string | null {
  return /\b(query|mutation)\s+([A-Za-z_][A-Za-z0-9_]*)/.exec(document)?.[2] ?? null;
}

export function isQuery(document: string): boolean {
  return /^\s*(#[^\n]*\n\s*)*query\b/.test(document);
}

/** The Dexie key of a downloaded answer: per user, operation and variables (like the worker's). */
export function documentKey(userId: string, operationName: string, variables: unknown): string {
  return `${userId}:${operationName}:${stableStringify(variables ?? {})}`;
}

export async function readStoredDocument(key: string): Promise<StoredDocument | undefined> {
  try {
    return await db.documents.get(key);
  } catch {
    // IndexedDB can be unavailable (private modes, storage pressure): just use the network.
    return undefined;
  }
}
