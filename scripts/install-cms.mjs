// Installs cms/ (its own npm project: Strapi pins its own React) after the root install,
// with `npm ci` when the root ran `npm ci`, so CI gets the locked tree in both places.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cmsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'cms');
if (!existsSync(join(cmsDir, 'package.json'))) {
  console.log('install-cms: no cms/package.json yet, nothing to install');
  process.exit(0);
}
if (process.env.SKIP_CMS_INSTALL === '1' || process.env.npm_config_dry_run === 'true')
  process.exit(0);

/**
 * The npm that is running this install, not whichever `npm` comes first on PATH: under
 * `npx npm@12 ci` the PATH's npm may be another major version, and the two read cms/'s
 * allowScripts differently (npm 12 blocks unlisted install scripts; npm 11 only warns).
 * @returns {{ command: string, prefix: string[] }}
 */
function runningNpm(env = process.env) {
  const execPath = env.npm_execpath;
  if (execPath && /\.c?js$/.test(execPath) && existsSync(execPath)) {
    return { command: process.execPath, prefix: [execPath] };
  }
  return { command: process.platform === 'win32' ? 'npm.cmd' : 'npm', prefix: [] };
}

const useCi = process.env.npm_command === 'ci' && existsSync(join(cmsDir, 'package-lock.json'));
const args = [useCi ? 'ci' : 'install', '--no-audit', '--no-fund'];
const npm = runningNpm();
console.log(`install-cms: npm ${args.join(' ')} in cms/`);
const result = spawnSync(npm.command, [...npm.prefix, ...args], { cwd: cmsDir, stdio: 'inherit' });
process.exit(result.status ?? 1);
