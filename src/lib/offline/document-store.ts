import { db, type StoredDocument } from '../db/database';

/** `query Name(` → `Name`; anonymous operations cannot be stored (nothing stable to key them on). */
export function operationNameOf(document: string): string | null {
  return /\b(query|mutation)\s+([A-Za-z_][A-Za-z0-9_]*)/.exec(document)?.[2] ?? null;
}

export function isQuery(document: string): boolean {
  return /^\s*(#[^\n]*\n\s*)*query\b/.test(document);
}

/** JSON with sorted keys, so the same variables always give the same key. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, child]) => child !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, child]) => `${JSON.stringify(key)}:${stableStringify(child)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
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
