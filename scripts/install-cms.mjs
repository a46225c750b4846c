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
if (process.env.SKIP_CMS_INSTALL === '1' || process.env.npm_config_dry_run === 'true') process.exit(0);
const useCi = process.env.npm_command === 'ci' && existsSync(join(cmsDir, 'package-lock.json'));
const args = [useCi ? 'ci' : 'install', '--no-audit', '--no-fund'];
console.log(`install-cms: npm ${args.join(' ')} in cms/`);
const result = spawnSync('npm', args, { cwd: cmsDir, stdio: 'inherit' });
process.exit(result.status ?? 1);
