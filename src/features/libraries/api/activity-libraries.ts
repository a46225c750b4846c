import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import { appDocument } from '../../../lib/cms/app-document';
import { AudienceActivitieSectionsOperation } from '../../../lib/cms/generated/operations/audience-activitie-sections';
import { ProgrammeActivityLibrariesOperation } from '../../../lib/cms/generated/operations/programme-activity-libraries';
import { ActivityFilterOperation } from '../../../lib/cms/generated/operations/activity-filter';

const ACTIVITY_FIELDS =
  'documentId title time type introduction programme { slug } audiences { slug }';
const LIBRARY_FIELDS = `documentId title introduction activity_section { documentId title activity_pages { ${ACTIVITY_FIELDS} } }`;

/** Spec part 2, section 7: AudienceActivitieSections (the audience's activity libraries). */
export const AUDIENCE_ACTIVITIE_SECTIONS = appDocument(
  /* GraphQL */ `
  query AudienceActivitieSections($audienceSlug: String!) {
    activityLibraries(filters: { audience: { slug: { eq: $audienceSlug } } }) { ${LIBRARY_FIELDS} }
    audiences(filters: { slug: { eq: $audienceSlug } }) { title activity_library_intro }
  }
`,
  AudienceActivitieSectionsOperation,
);

/** Spec part 2, section 7: ProgrammeActivityLibraries. */
export const PROGRAMME_ACTIVITY_LIBRARIES = appDocument(
  /* GraphQL */ `
  query ProgrammeActivityLibraries($programmeSlug: String!) {
    programmes(filters: { slug: { eq: $programmeSlug } }) { title activity_libraries { ${LIBRARY_FIELDS} } }
  }
`,
  ProgrammeActivityLibrariesOperation,
);

/** The unscoped activity filter (/-/-/activity-filter): every activity. */
export const ACTIVITY_FILTER = appDocument(
  /* GraphQL */ `
  query ActivityFilter {
    activityPages(pagination: { limit: 1000 }, sort: "title:asc") { ${ACTIVITY_FIELDS} }
  }
`,
  ActivityFilterOperation,
);

export interface LibraryActivity {
  documentId: string;
  title: string;
  time: string | null;
  type: string | null;
  introduction: string | null;
  programme: { slug: string } | null;
  audiences: { slug: string }[];
}

export interface ActivityLibrary {
  documentId: string;
  title: string;
  introduction: string | null;
  activity_section: { documentId: string; title: string; activity_pages: LibraryActivity[] }[];
}

export interface ActivityLibraryView {
  title: string;
  introduction: string | null;
  libraries: ActivityLibrary[];
  /** Only for the unscoped filter, which lists activities without sections. */
  activities?: LibraryActivity[];
}

export type LibraryScope =
  | { kind: 'audience'; audienceSlug: string }
  | { kind: 'programme'; programmeSlug: string }
  | { kind: 'all' };

async function fetchLibrary(
  scope: LibraryScope,
  signal: AbortSignal,
): Promise<ActivityLibraryView> {
  if (scope.kind === 'audience') {
    const data = await requestCms(
      AUDIENCE_ACTIVITIE_SECTIONS,
      { audienceSlug: scope.audienceSlug },
      signal,
    );
    const audience = data.audiences[0];
    return {
      title: `${audience?.title ?? ''} Activity Library`.trim(),
      introduction: audience?.activity_library_intro ?? null,
      libraries: data.activityLibraries,
    };
  }
  if (scope.kind === 'programme') {
    const data = await requestCms(
      PROGRAMME_ACTIVITY_LIBRARIES,
      { programmeSlug: scope.programmeSlug },
      signal,
    );
    const programme = data.programmes[0];
    return {
      title: `${programme?.title ?? ''} Activity Library`.trim(),
      introduction: null,
      libraries: programme?.activity_libraries ?? [],
    };
  }
  const data = await requestCms(ACTIVITY_FILTER, {}, signal);
  return {
    title: 'Activity Library',
    introduction: null,
    libraries: [],
    activities: data.activityPages,
  };
}

export function activityLibraryQueryOptions(scope: LibraryScope) {
  return queryOptions({
    queryKey: ['ActivityLibrary', scope],
    queryFn: ({ signal }) => fetchLibrary(scope, signal),
  });
}

export function useActivityLibrary(scope: LibraryScope) {
  return useQuery(activityLibraryQueryOptions(scope));
}
