import type { PromoBox } from '../api/learning-resources-home';

/** Spec part 2, Home: a promo box gets a link button only when both link_url and link_label exist. */
export function promoLink(box: PromoBox): { href: string; label: string } | null {
  const href = box.link_url?.trim();
  const label = box.link_label?.trim();
  return href && label ? { href, label } : null;
}
