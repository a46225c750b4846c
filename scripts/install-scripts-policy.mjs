// The install-script policy check in `npm test`: every dependency that has an install script in
// either lockfile (package-lock.json and cms/package-lock.json, entries with hasInstallScript)
// must have a decision in the same project's package.json `allowScripts`: true (it runs) or
// false (it is skipped). npm 12 silently skips every undecided script, so a dependency bump
// that adds one (a native module, say) would install "successfully" and then fail at run time,
// as better-sqlite3 once did. `node scripts/install-scripts-policy.mjs` prints what is missing.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Packages with an install script in a lockfile (v2/v3 `packages` map), without the project
 * itself (the "" entry: its own scripts are not dependency scripts).
 * @param {{ packages?: Record<string, { version?: string, hasInstallScript?: boolean, name?: string }> }} lockfile
 * @returns {{ name: string, version: string, path: string }[]}
 */
export function packagesWithInstallScripts(lockfile) {
  /** @type {{ name: string, version: string, path: string }[]} */
  const found = [];
  for (const [path, entry] of Object.entries(lockfile.packages ?? {})) {
    if (!path || !entry.hasInstallScript) continue;
    const name =
      entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    found.push({ name, version: entry.version ?? '', path });
  }
  return found;
}

/**
 * The decision for one package: `allowScripts` keys are a name (every version) or name@version
 * (that version only; npm pins approvals this way when the lockfile records where a package came
 * from). A version-specific key wins over a name-only one, as in npm. Other key forms (ranges)
 * are not read here and so count as no decision, which fails loudly rather than guessing.
 * @param {Record<string, boolean>} allowScripts
 * @param {{ name: string, version: string }} pkg
 * @returns {boolean | undefined}
 */
export function decisionFor(allowScripts, pkg) {
  const pinned = allowScripts[`${pkg.name}@${pkg.version}`];
  if (typeof pinned === 'boolean') return pinned;
  const byName = allowScripts[pkg.name];
  return typeof byName === 'boolean' ? byName : undefined;
}

/**
 * @param {{ label: string, manifest: { allowScripts?: Record<string, boolean> }, lockfile: Parameters<typeof packagesWithInstallScripts>[0] }[]} projects
 * @returns {{ label: string, name: string, version: string, path: string }[]} the undecided ones
 */
export function undecidedInstallScripts(projects) {
  return projects.flatMap(({ label, manifest, lockfile }) =>
    packagesWithInstallScripts(lockfile)
      .filter((pkg) => decisionFor(manifest.allowScripts ?? {}, pkg) === undefined)
      .map((pkg) => ({ label, ...pkg })),
  );
}

/** @param {string} root */
export function readProjects(root) {
  /** @param {string} file */
  const json = (file) => JSON.parse(readFileSync(join(root, file), 'utf8'));
  return [
    { label: '.', manifest: json('package.json'), lockfile: json('package-lock.json') },
    { label: 'cms', manifest: json('cms/package.json'), lockfile: json('cms/package-lock.json') },
  ];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const undecided = undecidedInstallScripts(readProjects(root));
  if (undecided.length === 0) {
    console.log(
      'install scripts: every dependency with an install script has an allowScripts decision',
    );
  } else {
    console.error(
      'install scripts: these dependencies have install scripts but no allowScripts decision:',
    );
    for (const pkg of undecided)
      console.error(`  ${pkg.label === '.' ? '' : `${pkg.label}/`}${pkg.path} (${pkg.version})`);
    console.error(
      "Review each script, then record the decision in that project's package.json with " +
        '`npm install-scripts approve <pkg>` (it must run) or `npm install-scripts deny <pkg>` (it need not).',
    );
    process.exit(1);
  }
}
