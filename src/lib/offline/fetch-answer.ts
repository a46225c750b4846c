import type { Variables } from 'graphql-request';
import { fetchFreshSigned } from '../cms/graphql-client';
import type { StoredDocument } from '../db/database';
import { DownloadError } from './download-error';
import { documentKey, operationNameOf } from './document-keys';

/**
 * One answer of a download (or of its update), fetched from the CMS itself and signed by it, as
 * it is stored: keyed for `userId`, with the query's text (to ask again) and the CMS's signature
 * (so it can travel in a lesson file).
 */
export async function fetchAnswerToStore(
  userId: string,
  document: string,
  variables: Variables,
  signal: AbortSignal,
): Promise<StoredDocument> {
  const operationName = operationNameOf(document);
  if (!operationName) throw new DownloadError('A download query has no operation name.');
  const { data, signed } = await fetchFreshSigned(document, variables, signal);
  return {
    key: documentKey(userId, operationName, variables),
    userId,
    operationName,
    variables: variables as Record<string, unknown>,
    data,
    storedAt: Date.now(),
    document,
    ...(signed ? { signed } : {}),
  };
}
