import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import type { PlanLesson, UnitStrand } from '../../../lib/content/custom-plan';
import { DOCUMENT_FIELDS, type CmsDocument } from '../../../lib/content/documents';
import { appDocument } from '../../../lib/cms/app-document';
import { CustomSchemeQueryOperation } from '../../../lib/cms/generated/operations/custom-scheme-query';

const ACTIVITY = 'documentId title time type introduction lesson_summary';

/**
 * Spec part 2, section 7: CustomSchemeQuery (id, owner id) with the custom scheme plans. A
 * custom unit's address carries no programme, so the plans come whole and the page keeps the
 * unit's programme's (there are few); the CMS answers null for someone else's unit.
 */
export const CUSTOM_SCHEME_QUERY = appDocument(
  /* GraphQL */ `
  query CustomSchemeQuery($id: ID!) {
    customScheme(documentId: $id) {
      documentId
      title
      learning_strands { documentId title combination_key }
      audience { slug }
      programme { slug title }
    }
    customSchemePlans {
      documentId
      title
      introduction
      audience { slug }
      programme { slug }
      lesson_plans {
        id
        title
        page_title
        introduction
        featured
        disable_lesson_mode
        combination_key_configurations { combination_key }
        documents { ${DOCUMENT_FIELDS} }
        activities_above { ${ACTIVITY} }
        activities { ${ACTIVITY} }
        activity_pool { learning_strand { documentId } activity { ${ACTIVITY} } }
      }
    }
  }
`,
  CustomSchemeQueryOperation,
);

export interface PlanActivityCard {
  documentId: string;
  title: string;
  time: string | null;
  type: string | null;
  introduction: string | null;
  lesson_summary: string | null;
}

export interface CustomLessonPlan extends PlanLesson<PlanActivityCard> {
  page_title: string | null;
  introduction: string | null;
  documents: CmsDocument[] | null;
}

export interface CustomUnit {
  documentId: string;
  title: string;
  learning_strands: (UnitStrand & { title: string })[] | null;
  audience: { slug: string } | null;
  programme: { slug: string; title: string } | null;
}

export interface CustomSchemePlanData {
  documentId: string;
  title: string | null;
  introduction: string | null;
  audience: { slug: string } | null;
  programme: { slug: string } | null;
  lesson_plans: CustomLessonPlan[] | null;
}

export interface CustomSchemeQueryData {
  customScheme: CustomUnit | null;
  customSchemePlans: CustomSchemePlanData[];
}

export function customSchemeQueryOptions(vars: { id: string; ownerId: number | null }) {
  return queryOptions({
    queryKey: ['CustomSchemeQuery', vars],
    queryFn: ({ signal }) => requestCms(CUSTOM_SCHEME_QUERY, { id: vars.id }, signal),
  });
}

export function useCustomSchemeQuery(
  vars: { id: string; ownerId: number | null },
  enabled: boolean,
) {
  return useQuery({ ...customSchemeQueryOptions(vars), enabled });
}
