// Types for programme-page.mjs (shared by the CMS and the app; see that file).
export const SECONDARY_AUDIENCE: 'secondary';
export const SECONDARY_KEY_STAGES: readonly { readonly path: string; readonly keyStage: string }[];
export function programmePagePath(
  audience: string,
  programme: string,
  linkedFrom?: readonly string[],
): string;
export function programmeContentsPath(audience: string, programme: string): string;
