import { useEffect, useState } from 'react';
import { appDocument } from '../../../lib/cms/app-document';
import { PreviewTargetOperation } from '../../../lib/cms/generated/operations/preview-target';
import { NETWORK_ONLY_HEADER, PREVIEW_HEADER } from '../../../lib/sw-messages';

/** The types an editor previews, by the app's name for them (cms/src/preview/preview-url.js). */
export const PREVIEW_TYPES = ['lesson', 'activity', 'unit', 'programme', 'slideshow'] as const;
export type PreviewType = (typeof PREVIEW_TYPES)[number];

export const isPreviewType = (type: string | undefined): type is PreviewType =>
  (PREVIEW_TYPES as readonly string[]).includes(type ?? '');

/**
 * Where the previewed document's real page is: its unit, programme and audience, read in the
 * previewed version with the preview's token. Each type asks for its own root field only.
 */
export const PREVIEW_TARGET = appDocument(
  /* GraphQL */ `
    query PreviewTarget(
      $id: ID!
      $lesson: Boolean!
      $activity: Boolean!
      $unit: Boolean!
      $programme: Boolean!
      $slideshow: Boolean!
    ) {
      lesson(documentId: $id) @include(if: $lesson) {
        documentId
        units {
          documentId
          programme {
            slug
            audience {
              slug
            }
          }
        }
      }
      activityPage(documentId: $id) @include(if: $activity) {
        documentId
      }
      scheme(documentId: $id) @include(if: $unit) {
        documentId
        programme {
          slug
          audience {
            slug
          }
        }
      }
      programme(documentId: $id) @include(if: $programme) {
        documentId
        slug
        audience {
          slug
        }
      }
      activitySlideshow(documentId: $id) @include(if: $slideshow) {
        documentId
      }
    }
  `,
  PreviewTargetOperation,
);

type ProgrammeRef = { slug: string; audience: { slug: string } | null } | null;
interface PreviewTargetData {
  lesson?: { documentId: string; units: { documentId: string; programme: ProgrammeRef }[] } | null;
  activityPage?: { documentId: string } | null;
  scheme?: { documentId: string; programme: ProgrammeRef } | null;
  programme?: { documentId: string; slug: string; audience: { slug: string } | null } | null;
  activitySlideshow?: { documentId: string } | null;
}

/** What the CMS made of the link's token (its X-Preview answer header). */
type PreviewVerdict = 'draft' | 'published' | 'invalid' | 'expired';

interface PreviewTarget {
  verdict: PreviewVerdict;
  /** The real page's path, below /preview/{type}/{documentId}; null when there is nothing. */
  path: string | null;
}

const segment = (value: string | null | undefined) => encodeURIComponent(value || '-');
const programmePath = (programme: ProgrammeRef) =>
  `/${segment(programme?.audience?.slug)}/${segment(programme?.slug)}`;

function pathOf(type: PreviewType, id: string, data: PreviewTargetData | null): string | null {
  if (!data) return null;
  switch (type) {
    case 'lesson': {
      if (!data.lesson) return null;
      const unit = data.lesson.units[0];
      return `${programmePath(unit?.programme ?? null)}/unit/${segment(unit?.documentId)}/lesson/${segment(id)}`;
    }
    case 'activity':
      return data.activityPage ? `/activity/${segment(id)}` : null;
    case 'unit':
      return data.scheme ? `${programmePath(data.scheme.programme)}/unit/${segment(id)}` : null;
    case 'programme':
      return data.programme
        ? `/${segment(data.programme.audience?.slug)}/${segment(data.programme.slug)}`
        : null;
    case 'slideshow':
      return data.activitySlideshow ? '/slides' : null;
  }
}

/**
 * Asks the CMS where the previewed page is, and whether it took the token: the answer's X-Preview
 * header says so (a token it refuses reads as a visitor, which would show the published page).
 * Sent past the worker (it never takes a preview request) and never stored.
 */
async function fetchPreviewTarget(
  token: string,
  type: PreviewType,
  id: string,
  signal: AbortSignal,
): Promise<PreviewTarget> {
  const variables: Record<string, unknown> = { id };
  for (const name of PREVIEW_TYPES) variables[name] = name === type;
  const response = await fetch('/graphql', {
    method: 'POST',
    signal,
    headers: {
      'Content-Type': 'application/json',
      [PREVIEW_HEADER]: token,
      [NETWORK_ONLY_HEADER]: '1',
    },
    body: JSON.stringify({ query: PREVIEW_TARGET, operationName: 'PreviewTarget', variables }),
  });
  const verdict = response.headers.get('x-preview');
  if (verdict === 'expired' || verdict === 'invalid') return { verdict, path: null };
  if (verdict !== 'draft' && verdict !== 'published')
    throw new Error(`The CMS answered ${response.status}`);
  const answer = (await response.json()) as { data?: PreviewTargetData | null };
  return { verdict, path: pathOf(type, id, answer.data ?? null) };
}

/**
 * The preview's first question, asked once per link (not through React Query: its hook in this
 * chunk would split React Query out of the app's first load).
 */
export function usePreviewTarget(
  token: string,
  type: PreviewType,
  id: string,
): { data?: PreviewTarget; error?: unknown } {
  const [state, setState] = useState<{ key: string; data?: PreviewTarget; error?: unknown }>({
    key: '',
  });
  const key = `${token} ${type} ${id}`;
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    fetchPreviewTarget(token, type, id, controller.signal).then(
      (data) => setState({ key, data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ key, error });
      },
    );
    return () => controller.abort();
  }, [key, token, type, id]);
  return state.key === key ? state : {};
}
