/**
 * A link from a free-text CMS field or a feed, kept only when it is a web address (http or
 * https): a `javascript:` or `data:` address in an href would run script, and text that is not an
 * address is no link. Null for anything else, including nothing.
 */
export function webLink(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
