import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import { DOCUMENT_FIELDS, type CmsDocument } from '../../../lib/content/documents';
import type { MediaFile } from '../../../lib/content/media';
import { appDocument } from '../../../lib/cms/app-document';
import { ActivityAtHomeOperation } from '../../../lib/cms/generated/operations/activity-at-home';

/**
 * Spec part 2, section 7: ActivityAtHome (activity id, library id): the activity's at-home
 * material, and the library's activity list for 'Previous activity' / 'Next activity'.
 */
export const ACTIVITY_AT_HOME = appDocument(
  /* GraphQL */ `
  query ActivityAtHome($id: ID!) {
    activityPage(documentId: $id) {
      documentId
      title
      introduction
      music
      equipment
      activity_at_home {
        id
        title
        description
        mediaEmbed
        media_decorative
        media {
          documentId
          url
          name
          mime
          alternativeText
          width
          height
          formats
          caption
        }
      }
      activity_at_home_download {
        documents { ${DOCUMENT_FIELDS} }
      }
    }
    atHomeLibraries(pagination: { limit: 1000 }) {
      documentId
      numeric_id
      title
      activity {
        documentId
        title
      }
    }
  }
`,
  ActivityAtHomeOperation,
);

export interface AtHomeMaterial {
  id: string;
  title: string | null;
  description: string | null;
  mediaEmbed: string | null;
  media: MediaFile[] | null;
  media_decorative?: boolean | null;
}

export interface ActivityAtHomeData {
  activityPage: {
    documentId: string;
    title: string;
    introduction: string | null;
    music: string | null;
    equipment: string | null;
    activity_at_home: AtHomeMaterial[] | null;
    activity_at_home_download: { documents: CmsDocument[] | null } | null;
  } | null;
  atHomeLibraries: {
    documentId: string;
    numeric_id: number;
    title: string;
    activity: { documentId: string; title: string }[] | null;
  }[];
}

export function activityAtHomeQueryOptions(vars: { id: string; libraryId: number }) {
  return queryOptions({
    queryKey: ['ActivityAtHome', vars],
    queryFn: async ({ signal }) => {
      const data = await requestCms(ACTIVITY_AT_HOME, { id: vars.id }, signal);
      return {
        activity: data.activityPage,
        library:
          data.atHomeLibraries.find((library) => library.numeric_id === vars.libraryId) ?? null,
      };
    },
  });
}

export function useActivityAtHome(vars: { id: string; libraryId: number }, enabled: boolean) {
  return useQuery({ ...activityAtHomeQueryOptions(vars), enabled });
}
