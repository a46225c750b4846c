// Whether the CMS's admin panel needs building: no build yet, or the admin's own customisation
// (cms/src/admin: the Layout list's words, ...) changed since the last build. `npm start` and the
// @admin e2e specs build only then (a build takes minutes), so a change there is never served
// from a stale build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The newest modification time of the files under `dir` (0 when it does not exist).
 * @param {string} dir @returns {number}
 */
function newest(dir) {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    /** @type {number} */
    const time = entry.isDirectory() ? newest(path) : statSync(path).mtimeMs;
    latest = Math.max(latest, time);
  }
  return latest;
}

/** @param {string} cmsDir the cms/ folder @returns {boolean} */
export function adminBuildNeeded(cmsDir) {
  const built = join(cmsDir, 'build', 'index.html');
  if (!existsSync(built)) return true;
  return newest(join(cmsDir, 'src', 'admin')) > statSync(built).mtimeMs;
}
