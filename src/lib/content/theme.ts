import type { CSSProperties } from 'react';

/** Spec part 2, section 3: programme theme colours default to a white background, black text. */
export const DEFAULT_THEME = { background: '#fff', color: '#000' } as const;

function colour(value: unknown, fallback: string): string {
  // Only plain colour values: the CSS comes from the CMS and must not smuggle other rules in.
  return typeof value === 'string' &&
    /^(#[0-9a-f]{3,8}|[a-z]+|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\))$/i.test(value.trim())
    ? value.trim()
    : fallback;
}

/** Custom properties a themed section reads (`--theme-bg`, `--theme-text`). */
export function themeStyle(css: unknown): CSSProperties {
  const record = typeof css === 'object' && css !== null ? (css as Record<string, unknown>) : {};
  return {
    '--theme-bg': colour(record.background, DEFAULT_THEME.background),
    '--theme-text': colour(record.color, DEFAULT_THEME.color),
  } as CSSProperties;
}
