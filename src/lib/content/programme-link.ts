/**
 * A programme link (feature boxes, navigation, landing-page cards) points at one of a landing
 * page, programme, project or live programme; the first present in that order is used
 * (spec part 1, section 2). Shared by the shell and the content pages.
 */
export interface LinkedPage {
  title?: string | null;
  slug?: string | null;
}

export interface ProgrammeLink {
  landing_page?: LinkedPage | null;
  programme?: (LinkedPage & { released?: boolean | null }) | null;
  project?: LinkedPage | null;
  live_programme?: LinkedPage | null;
}

export type LinkKind = 'landing_page' | 'programme' | 'project' | 'live_programme';

const PRIORITY: LinkKind[] = ['landing_page', 'programme', 'project', 'live_programme'];

export function linkTarget(
  link: ProgrammeLink | null | undefined,
): { kind: LinkKind; page: LinkedPage & { slug: string } } | null {
  if (!link) return null;
  for (const kind of PRIORITY) {
    const page = link[kind];
    if (page?.slug) return { kind, page: { ...page, slug: page.slug } };
  }
  return null;
}

/**
 * Spec part 2, "Audience pages": a link whose target is a programme leads somewhere only once that
 * programme is released. The audience page and the menu both ask this, so neither links to a
 * programme the other shows as closed.
 */
export function linksToUnreleasedProgramme(link: ProgrammeLink | null | undefined): boolean {
  return linkTarget(link)?.kind === 'programme' && link?.programme?.released !== true;
}

/**
 * The one builder of a programme link's address (the menus and the audience pages alike):
 * `/{audienceSlug}/{slug}` for a landing page, programme or project, and `/live/{slug}` for a
 * live programme, which lives under the live section whatever audience links to it. Null when
 * the link points nowhere.
 */
export function programmeLinkHref(
  audienceSlug: string,
  link: ProgrammeLink | null | undefined,
): string | null {
  const target = linkTarget(link);
  if (!target) return null;
  return target.kind === 'live_programme'
    ? `/live/${target.page.slug}`
    : `/${audienceSlug}/${target.page.slug}`;
}
