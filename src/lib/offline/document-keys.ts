import type { DownloadPlan } from './download-plan';
import { operationsOf, stableStringify } from '../graphql-cache-key';

export { stableStringify };

/**
 * How downloaded answers are keyed. Pure helpers, apart from the Dexie store, so the GraphQL
 * client can work out a key without loading IndexedDB code into the first page load.
 */

/** `query Name(` → `Name`; anonymous operations cannot be stored (nothing stable to key them on). */
export function operationNameOf(document: string): string | null {
  return operationsOf(document)[0]?.name ?? null;
}

export function isQuery(document: string): boolean {
  return operationsOf(document)[0]?.type === 'query';
}

/** The Dexie key of a downloaded answer: per user, operation and variables (like the worker's). */
export function documentKey(userId: string, operationName: string, variables: unknown): string {
  return `${userId}:${operationName}:${stableStringify(variables ?? {})}`;
}

/** The id of one user's download of one item (a lesson, unit, playlist or audio page). */
export function downloadId(userId: string, kind: DownloadPlan['kind'], contentId: string): string {
  return `${userId}:${kind}:${contentId}`;
}
