import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import { DOCUMENT_FIELDS_WITH_SIZE, type CmsDocument } from '../../../lib/content/documents';
import { appDocument } from '../../../lib/cms/app-document';
import { SchemeLessonsQueryOperation } from '../../../lib/cms/generated/operations/scheme-lessons-query';

const ACTIVITY_FIELDS = 'documentId title time type lesson_summary teaching_option introduction';

/** Spec part 2, section 7: SchemeLessonsQuery (lessonId, schemeId, programmeSlug). Subscribers only. */
export const SCHEME_LESSONS_QUERY = appDocument(
  /* GraphQL */ `
  query SchemeLessonsQuery($lessonId: ID!, $schemeId: ID!) {
    lesson(documentId: $lessonId) {
      documentId
      title
      page_title
      introduction
      disable_lesson_mode
      documents { ${DOCUMENT_FIELDS_WITH_SIZE} }
      activity { id section_divider title activity { ${ACTIVITY_FIELDS} } }
      extensionactivities {
        id
        title
        introduction
        documents { ${DOCUMENT_FIELDS_WITH_SIZE} }
        activities { ${ACTIVITY_FIELDS} }
      }
    }
    scheme(documentId: $schemeId) {
      documentId
      title
      lessons { documentId title }
    }
  }
`,
  SchemeLessonsQueryOperation,
);

export interface LessonActivity {
  documentId: string;
  title: string;
  time: string | null;
  type: string | null;
  lesson_summary: string | null;
  teaching_option: string | null;
  introduction: string | null;
}

export interface Lesson {
  documentId: string;
  title: string;
  page_title: string | null;
  introduction: string | null;
  disable_lesson_mode: boolean | null;
  documents: CmsDocument[] | null;
  activity:
    | {
        id: string;
        section_divider: boolean | null;
        title: string | null;
        activity: LessonActivity | null;
      }[]
    | null;
  extensionactivities:
    | {
        id: string;
        title: string | null;
        introduction: string | null;
        documents: CmsDocument[] | null;
        activities: LessonActivity[] | null;
      }[]
    | null;
}

export interface SchemeLessonsResult {
  lesson: Lesson | null;
  scheme: {
    documentId: string;
    title: string;
    lessons: { documentId: string; title: string }[] | null;
  } | null;
}

export function schemeLessonsQueryOptions(vars: { lessonId: string; schemeId: string }) {
  return queryOptions({
    queryKey: ['SchemeLessonsQuery', vars],
    queryFn: ({ signal }) => requestCms(SCHEME_LESSONS_QUERY, vars, signal),
  });
}

export function useSchemeLessons(vars: { lessonId: string; schemeId: string }, enabled: boolean) {
  return useQuery({ ...schemeLessonsQueryOptions(vars), enabled });
}
