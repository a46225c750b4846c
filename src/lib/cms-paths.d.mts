// Types for cms-paths.mjs (shared by the web server, Vite's config and the service worker).
export const CMS_PROXIED_PATHS: readonly string[];
export const WORKER_PASSTHROUGH_PATHS: readonly string[];
export function isUnderPaths(paths: readonly string[], pathname: string): boolean;
