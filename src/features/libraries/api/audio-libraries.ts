import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestCms } from '../../../lib/cms/graphql-client';
import { appDocument } from '../../../lib/cms/app-document';
import { AudioLibrariesOperation } from '../../../lib/cms/generated/operations/audio-libraries';
import { AudioLibraryOperation } from '../../../lib/cms/generated/operations/audio-library';
import { AudioPageContainerOperation } from '../../../lib/cms/generated/operations/audio-page-container';

const LIBRARY_FIELDS = /* GraphQL */ `
  documentId
  title
  introduction
  audio_page { documentId title audio_excerpts { id } }
  audio_page_container { documentId title blurb audio_page { documentId } }
`;

/** Spec part 2, section 7: AudioLibraries (audienceSlug); every library when no audience. */
export const AUDIO_LIBRARIES = appDocument(
  /* GraphQL */ `
  query AudioLibraries($audienceSlug: String, $all: Boolean!) {
    scoped: audioLibraries(filters: { audience: { slug: { eq: $audienceSlug } } }) @skip(if: $all) { ${LIBRARY_FIELDS} }
    everything: audioLibraries @include(if: $all) { ${LIBRARY_FIELDS} }
    audiences(filters: { slug: { eq: $audienceSlug } }) @skip(if: $all) { title audio_library_intro }
  }
`,
  AudioLibrariesOperation,
);

/** Spec part 2, section 7: AudioLibrary (programmeSlug). */
export const AUDIO_LIBRARY = appDocument(
  /* GraphQL */ `
  query AudioLibrary($programmeSlug: String!) {
    programmes(filters: { slug: { eq: $programmeSlug } }) { title audio_libraries { ${LIBRARY_FIELDS} } }
  }
`,
  AudioLibraryOperation,
);

export interface AudioLibraryData {
  documentId: string;
  title: string;
  introduction: string | null;
  audio_page: { documentId: string; title: string; audio_excerpts: { id: string }[] | null }[];
  audio_page_container: {
    documentId: string;
    title: string;
    blurb: string | null;
    audio_page: { documentId: string }[];
  }[];
}

export interface AudioLibraryView {
  title: string;
  introduction: string | null;
  libraries: AudioLibraryData[];
}

export type AudioScope =
  | { kind: 'all' }
  | { kind: 'audience'; audienceSlug: string }
  | { kind: 'programme'; programmeSlug: string };

async function fetchAudioLibraries(
  scope: AudioScope,
  signal: AbortSignal,
): Promise<AudioLibraryView> {
  if (scope.kind === 'programme') {
    const data = await requestCms(AUDIO_LIBRARY, { programmeSlug: scope.programmeSlug }, signal);
    const programme = data.programmes[0];
    return {
      title: `${programme?.title ?? ''} Audio Library`.trim(),
      introduction: null,
      libraries: programme?.audio_libraries ?? [],
    };
  }
  const all = scope.kind === 'all';
  const data = await requestCms(
    AUDIO_LIBRARIES,
    { audienceSlug: all ? null : scope.audienceSlug, all },
    signal,
  );
  const audience = data.audiences?.[0];
  return {
    title: audience ? `${audience.title} Audio Library` : 'Audio Library',
    introduction: audience?.audio_library_intro ?? null,
    libraries: (all ? data.everything : data.scoped) ?? [],
  };
}

export function audioLibrariesQueryOptions(scope: AudioScope) {
  return queryOptions({
    queryKey: ['AudioLibraries', scope],
    queryFn: ({ signal }) => fetchAudioLibraries(scope, signal),
  });
}

export function useAudioLibraries(scope: AudioScope) {
  return useQuery(audioLibrariesQueryOptions(scope));
}

/** Spec part 2, section 7: AudioPageContainer. */
export const AUDIO_PAGE_CONTAINER = appDocument(
  /* GraphQL */ `
    query AudioPageContainer($id: ID!) {
      audioPageContainer(documentId: $id) {
        documentId
        title
        blurb
        audio_page {
          documentId
          title
          introduction
          audio_excerpts {
            id
          }
        }
      }
    }
  `,
  AudioPageContainerOperation,
);

export interface AudioPageContainerData {
  documentId: string;
  title: string;
  blurb: string | null;
  audio_page: {
    documentId: string;
    title: string;
    introduction: string | null;
    audio_excerpts: { id: string }[] | null;
  }[];
}

export function useAudioPageContainer(vars: { id: string }) {
  return useQuery(
    queryOptions({
      queryKey: ['AudioPageContainer', vars],
      queryFn: async ({ signal }) =>
        (await requestCms(AUDIO_PAGE_CONTAINER, vars, signal)).audioPageContainer,
    }),
  );
}
