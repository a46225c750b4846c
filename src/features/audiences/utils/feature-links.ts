import { linksToUnreleasedProgramme, programmeLinkHref } from '../../../lib/content/programme-link';
import type { FeatureBox } from '../api/audience-query';

/**
 * Where a feature box on /{audience} links (spec part 2, "Audience pages"): a programme only when
 * it is released; landing pages, projects and live programmes always; previews never.
 */
export function audienceBoxHref(audienceSlug: string, box: FeatureBox): string | null {
  if (box.is_preview) return null;
  if (linksToUnreleasedProgramme(box.programmelink)) return null;
  return programmeLinkHref(audienceSlug, box.programmelink);
}

/** /secondary: a box links to /secondary/{project or landing page slug}, only when one exists. */
export function secondaryBoxHref(box: FeatureBox): string | null {
  if (box.is_preview) return null;
  const slug = box.programmelink?.project?.slug ?? box.programmelink?.landing_page?.slug;
  return slug ? `/secondary/${slug}` : null;
}

/**
 * A landing page's card (spec part 2, "Landing pages"): programme, project, landing page or live
 * programme, in that priority, under the page's own path.
 */
export function landingCardHref(basePath: string, box: FeatureBox): string | null {
  if (box.is_preview) return null;
  const link = box.programmelink;
  if (link?.programme?.slug)
    return link.programme.released === false
      ? null
      : `${basePath}/programme/${link.programme.slug}`;
  if (link?.project?.slug) return `${basePath}/project/${link.project.slug}`;
  if (link?.landing_page?.slug) return `${basePath}/page/${link.landing_page.slug}`;
  if (link?.live_programme?.slug) return `/live/${link.live_programme.slug}`;
  return null;
}
