import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchFromCms } from '../../../lib/cms/graphql-client';
import { appDocument } from '../../../lib/cms/app-document';
import { DraftPreviewOperation } from '../../../lib/cms/generated/operations/draft-preview';

/**
 * Preview: one version (usually the draft) of a lesson, activity or programme, read
 * with the signed token from the CMS admin's preview link (cms/src/preview/). The network only:
 * the service worker never caches `draftPreview` (src/lib/graphql-cache-key.ts), the query is not
 * persisted (no `meta.persist`) and nothing offers to store it for offline.
 */
export const DRAFT_PREVIEW = appDocument(
  /* GraphQL */ `
    query DraftPreview($token: String!) {
      draftPreview(token: $token)
    }
  `,
  DraftPreviewOperation,
);

export type PreviewType = 'lesson' | 'activity' | 'programme';

export type PreviewSection =
  | { heading: string; markdown: string }
  | { heading: string; text: string }
  | { heading: string; items: string[] };

export interface DraftPreview {
  type: PreviewType;
  documentId: string;
  status: 'draft' | 'published';
  title: string;
  updatedAt?: string;
  hasPublishedVersion: boolean;
  sections: PreviewSection[];
}

/** Why a preview link opens nothing. */
export type PreviewRefusal = { error: 'invalid' | 'expired' | 'not-found' };

export function draftPreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['DraftPreview', token],
    queryFn: async ({ signal }) =>
      (
        await fetchFromCms<{ draftPreview: DraftPreview | PreviewRefusal }>(
          DRAFT_PREVIEW,
          { token },
          signal,
        )
      ).draftPreview,
    // An editor switching back from the admin after saving sees the new draft.
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    gcTime: 0,
    retry: false,
  });
}

export function useDraftPreview(token: string) {
  return useQuery({ ...draftPreviewQueryOptions(token), enabled: token !== '' });
}
