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

/** Parameters resolved against the shell query; :unit is matched by id against schemes. */
export function resolveParam(
  param: string,
  value: string,
  data: AudiencesAndProgrammes | undefined,
): string | null {
  if (!data) return null;
  const bySlug = (list: { slug?: string; title: string }[]) => list.find((entry) => entry.slug === value)?.title ?? null;
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
  return typeof handle === 'object' && handle !== null && ('crumb' in handle || 'crumbParam' in handle);
}

/**
 * The trail for the current route: home is never shown, a crumb whose parameter value is '-'
 * is skipped, and a parameter with no known title shows its raw value until one arrives.
 */
export function buildCrumbs(
  matches: CrumbMatch[],
  data: AudiencesAndProgrammes | undefined,
  pageLabels: Record<string, string>,
): Crumb[] {
  const crumbs: Crumb[] = [];
  for (const match of matches) {
    if (!isCrumbHandle(match.handle)) continue;
    const to = match.pathname.replace(/\/+$/, '') || '/';
    if ('crumb' in match.handle) {
      crumbs.push({ label: match.handle.crumb, to });
      continue;
    }
    const param = match.handle.crumbParam;
    const value = match.params[param];
    if (!value || value === '-') continue;
    const label = pageLabels[param] ?? resolveParam(param, value, data) ?? decodeURIComponent(value);
    crumbs.push({ label, to });
  }
  return crumbs.filter((crumb, index) => index === 0 || crumb.to !== crumbs[index - 1]?.to);
}
