import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import { appDocument } from '../../../lib/cms/app-document';
import { PlaylistPageContentOperation } from '../../../lib/cms/generated/operations/playlist-page-content';

/**
 * The playlist screens' CMS content: the page texts and the audiences a playlist can belong to
 * (spec part 1, section 7, the page-content half of "Query Playlists"; the playlists themselves
 * come from this device's copy, which the sync engine keeps in step with the CMS).
 */
export const PLAYLIST_PAGE_CONTENT = appDocument(
  /* GraphQL */ `
    query PlaylistPageContent {
      playlistPage {
        title
        introduction
      }
      audiences(sort: "order:asc") {
        documentId
        title
      }
    }
  `,
  PlaylistPageContentOperation,
);

export interface PlaylistAudience {
  documentId: string;
  title: string;
}

export interface PlaylistPageContent {
  playlistPage: { title: string | null; introduction: string | null } | null;
  audiences: PlaylistAudience[];
}

export function playlistPageContentQueryOptions() {
  return queryOptions({
    queryKey: ['PlaylistPageContent'],
    queryFn: async ({ signal }) => {
      const content = await requestCms(PLAYLIST_PAGE_CONTENT, {}, signal);
      // Kept on the device, so a notice can still name an audience the CMS deletes later.
      void import('../../../lib/sync/gone-references')
        .then(({ rememberAudienceTitles }) => rememberAudienceTitles(content.audiences ?? []))
        .catch(() => undefined);
      return content;
    },
    // Small and needed offline: creating a playlist offline still offers the audiences.
    meta: { persist: true },
  });
}

export function usePlaylistPageContent() {
  return useQuery(playlistPageContentQueryOptions());
}
