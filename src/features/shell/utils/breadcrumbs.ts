import type { AudiencesAndProgrammes } from '../api/audiences-and-programmes';

/**
 * A route's crumb: a fixed label, or a route parameter whose value is resolved to a title
 * (from the shell query) or given by the page itself (spec part 1, "Breadcrumb").
 */
export type CrumbHandle = { crumb: string } | { crumbParam: string };

export interface CrumbMatch {
  pathname: string;
  params: Record<string, string | undefined>;
  handle?: unknown;
}

export interface Crumb {
  label: string;
  to: string;
}

/**
 * What a parameter's crumb says while its title is unknown (loading, not found, no access): a
 * fixed label for the kind of page, never the slug or id in the address.
 */
const PARAM_LABELS: Record<string, string> = {
  audience: 'Audience',
  programme: 'Programme',
  landing: 'Page',
  landingPageSlug: 'Page',
  projectpageslug: 'Project',
  unit: 'Unit of work',
  lesson: 'Lesson',
  activity: 'Activity',
  section: 'Activity section',
  container: 'Collection',
  page: 'Recordings',
  customUnit: 'Your unit of work',
  liveprogramme: 'Live programme',
  liveproduction: 'Production',
};
/** :slug sits under programme/, project/ or page/ of a landing page: the segment before it says which. */
const SLUG_LABELS: Record<string, string> = {
  programme: 'Programme',
  project: 'Project',
  page: 'Page',
};

function fallbackLabel(param: string, pathname: string): string {
  if (param === 'slug') {
    const segments = pathname.replace(/\/+$/, '').split('/');
    return SLUG_LABELS[segments.at(-2) ?? ''] ?? 'Page';
  }
  return PARAM_LABELS[param] ?? 'Page';
}

/** Parameters resolved against the shell query; :unit is matched by id against schemes. */
export function resolveParam(
  param: string,
  value: string,
  data: AudiencesAndProgrammes | undefined,
): string | null {
  if (!data) return null;
  const bySlug = (list: { slug?: string; title: string }[]) =>
    list.find((entry) => entry.slug === value)?.title ?? null;
  switch (param) {
    case 'audience':
      return bySlug(data.audiences);
    case 'programme':
      return bySlug(data.programmes);
    case 'projectpageslug':
      return bySlug(data.projects);
    case 'liveprogramme':
      return bySlug(data.liveProgrammes);
    case 'liveproduction':
      return bySlug(data.liveProductions);
    case 'unit':
      return data.schemes.find((scheme) => scheme.documentId === value)?.title ?? null;
    default:
      return null;
  }
}

function isCrumbHandle(handle: unknown): handle is CrumbHandle {
  return (
    typeof handle === 'object' && handle !== null && ('crumb' in handle || 'crumbParam' in handle)
  );
}

/**
 * The trail for the current route: home is never shown, a crumb whose parameter value is '-'
 * is skipped, and a parameter with no known title shows a fixed label for its kind of page. On a
 * not-found page ('Lost?') only the crumbs that are real pages stay, and the last says 'Lost?'.
 */
export function buildCrumbs(
  matches: CrumbMatch[],
  data: AudiencesAndProgrammes | undefined,
  pageLabels: Record<string, string>,
  notFound = false,
): Crumb[] {
  const crumbs: (Crumb & { known: boolean })[] = [];
  for (const match of matches) {
    if (!isCrumbHandle(match.handle)) continue;
    const to = match.pathname.replace(/\/+$/, '') || '/';
    if ('crumb' in match.handle) {
      crumbs.push({ label: match.handle.crumb, to, known: true });
      continue;
    }
    const param = match.handle.crumbParam;
    const value = match.params[param];
    if (!value || value === '-') continue;
    const title = pageLabels[param] ?? resolveParam(param, value, data);
    crumbs.push({ label: title ?? fallbackLabel(param, to), to, known: title !== null });
  }
  const unique = crumbs.filter((crumb, index) => index === 0 || crumb.to !== crumbs[index - 1]?.to);
  if (!notFound) return unique.map(({ label, to }) => ({ label, to }));
  const here = matches.at(-1)?.pathname.replace(/\/+$/, '') || '/';
  const real = unique
    .filter((crumb) => crumb.known && crumb.to !== here)
    .map(({ label, to }) => ({ label, to }));
  return [...real, { label: 'Lost?', to: here }];
}
