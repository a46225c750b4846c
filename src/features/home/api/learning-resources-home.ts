import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import { CAPTION_TRACK_FIELDS, type CaptionTrack } from '../../../lib/content/media';
import { appDocument } from '../../../lib/cms/app-document';
import { learningResourcesHomeOperation } from '../../../lib/cms/generated/operations/learning-resources-home';

export const LEARNING_RESOURCES_HOME = appDocument(
  /* GraphQL */ `
  query learningResourcesHome {
    learningResourcesHome {
      title
      subtitle
      introduction
      media_introduction
      media_embed
      media_captions {${CAPTION_TRACK_FIELDS}      }
      media_transcript
      welcome_messages {
        new_registration
        new_purchase
        new_invitation
      }
      audiences {
        documentId
        title
        subtitle
        slug
      }
      promoboxes {
        id
        title
        body
        link_label
        link_url
      }
    }
  }
`,
  learningResourcesHomeOperation,
);

export interface HomeAudience {
  documentId: string;
  title: string;
  subtitle: string | null;
  slug: string;
}

export interface PromoBox {
  id: string;
  title: string;
  body: string | null;
  link_label: string | null;
  link_url: string | null;
}

export interface WelcomeMessages {
  new_registration: string | null;
  new_purchase: string | null;
  new_invitation: string | null;
}

export interface LearningResourcesHome {
  title: string;
  subtitle: string | null;
  introduction: string | null;
  media_introduction: string | null;
  media_embed: string | null;
  /** WebVTT captions of the introduction film. */
  media_captions: CaptionTrack[] | null;
  media_transcript: string | null;
  welcome_messages: WelcomeMessages | null;
  audiences: HomeAudience[];
  promoboxes: PromoBox[];
}

interface LearningResourcesHomeResult {
  learningResourcesHome: LearningResourcesHome | null;
}

export function learningResourcesHomeQueryOptions() {
  return queryOptions({
    queryKey: ['learningResourcesHome'],
    queryFn: async ({ signal }) =>
      // Narrower than the schema's type: a repeatable component's list is [] when empty, never null.
      ((await requestCms(LEARNING_RESOURCES_HOME, {}, signal)) as LearningResourcesHomeResult)
        .learningResourcesHome,
    meta: { persist: true },
  });
}

export function useLearningResourcesHome() {
  return useQuery(learningResourcesHomeQueryOptions());
}
