import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import type { PlanLesson, UnitStrand } from '../../../lib/content/custom-plan';
import { appDocument } from '../../../lib/cms/app-document';
import { CustomLessonSlideShowOperation } from '../../../lib/cms/generated/operations/custom-lesson-slide-show';

/**
 * A custom unit's lesson plan, as the list of activities lesson mode shows (their slides come
 * from ActivitySlideShow, one query per activity, shared with every other route). Lesson plans
 * are components without an id filter, so the unit's plans come whole and the page picks the
 * plan by its id; the unit's own strands filter the activity pool (spec part 2, section 3).
 */
export const CUSTOM_LESSON_SLIDE_SHOW = appDocument(
  /* GraphQL */ `
    query CustomLessonSlideShow($unit: ID!) {
      customScheme(documentId: $unit) {
        documentId
        title
        learning_strands {
          documentId
          combination_key
        }
        audience {
          slug
        }
        programme {
          slug
        }
      }
      customSchemePlans {
        documentId
        audience {
          slug
        }
        programme {
          slug
        }
        lesson_plans {
          id
          title
          featured
          disable_lesson_mode
          combination_key_configurations {
            combination_key
          }
          activities_above {
            ...CustomLessonActivity
          }
          activities {
            ...CustomLessonActivity
          }
          activity_pool {
            learning_strand {
              documentId
            }
            activity {
              ...CustomLessonActivity
            }
          }
        }
      }
    }
    fragment CustomLessonActivity on ActivityPage {
      documentId
      title
    }
  `,
  CustomLessonSlideShowOperation,
);

export interface CustomLessonActivity {
  documentId: string;
  title: string;
}

export type CustomLessonPlan = PlanLesson<CustomLessonActivity>;

export interface CustomLessonSlideShowData {
  customScheme: {
    documentId: string;
    title: string;
    learning_strands: UnitStrand[] | null;
    audience: { slug: string } | null;
    programme: { slug: string } | null;
  } | null;
  customSchemePlans: {
    documentId: string;
    audience: { slug: string } | null;
    programme: { slug: string } | null;
    lesson_plans: CustomLessonPlan[] | null;
  }[];
}

export function customLessonSlideShowQueryOptions(vars: { unit: string }) {
  return queryOptions({
    queryKey: ['CustomLessonSlideShow', vars],
    queryFn: async ({ signal }) => requestCms(CUSTOM_LESSON_SLIDE_SHOW, vars, signal),
    staleTime: 10 * 60_000,
  });
}

export function useCustomLessonSlideShow(vars: { unit: string }) {
  return useQuery(customLessonSlideShowQueryOptions(vars));
}
