// `npm start`: the whole product on this machine. Builds the PWA, builds the CMS admin panel the
// first time, serves the built PWA with the CMS proxied behind it and boots the seeded CMS (data
// kept in cms/.tmp/start between runs), told the app's real address. Ctrl-C stops everything.
// GraphQL errors carry no developer detail; `npm run start:dev` (--developer-errors) shows it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminBuildNeeded } from './admin-build.mjs';
import { sqliteProblem } from './cms-process.mjs';
import { startLocalStack } from './local-stack.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cmsDir = join(root, 'cms');
const withAdmin = process.env.CMS_ADMIN !== 'false';
const developerErrors = process.argv.includes('--developer-errors');

/** @param {string} label @param {string} command @param {string[]} args @param {string} cwd */
function step(label, command, args, cwd) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
}

if (!existsSync(join(cmsDir, 'node_modules')))
  step('Installing the CMS', 'npm', ['install'], cmsDir);
// Before minutes of building: a CMS whose SQLite driver cannot load would only fail at the end.
const sqlite = process.env.DATABASE_URL ? null : sqliteProblem();
if (sqlite) {
  console.error(`\n✖ ${sqlite}`);
  process.exit(1);
}
if (process.argv.includes('--no-build') && existsSync(join(root, 'dist', 'index.html'))) {
  console.log('Using the existing build in dist/');
} else {
  step('Building the PWA', 'npx', ['vite', 'build', '--logLevel', 'warn'], root);
}
if (withAdmin && adminBuildNeeded(cmsDir)) {
  step(
    'Building the CMS admin panel (first run, or its customisation changed; about a minute)',
    'npm',
    ['run', 'build'],
    cmsDir,
  );
}

const dataDir = join(cmsDir, '.tmp', 'start');
console.log(
  `\n▶ Starting the CMS (first run seeds the demo content; log in ${join(dataDir, 'cms.log')})`,
);
const { web, cms } = await startLocalStack({
  appPort: Number(process.env.PORT ?? 4173),
  cmsPort: Number(process.env.CMS_PORT ?? 1337),
  distDir: join(root, 'dist'),
  dataDir,
  admin: withAdmin,
  developerErrors,
  cmsLog: join(dataDir, 'cms.log'),
  log: (line) => console.log(`[web] ${line}`),
}).catch((error) => {
  console.error(`\n✖ ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});

console.log(`
✔ Music Classroom is running

  App:            ${web.url}
  CMS admin:      ${withAdmin ? `${cms.url}/admin   (admin@demo.school / Admin12345)` : 'off (CMS_ADMIN=false)'}
  GraphQL:        ${cms.url}/graphql

  Demo accounts (password music1234):
    subscriber@demo.school    active subscriber
    subscriber2@demo.school   second active subscriber
    trial@demo.school         trial user, no content access

  ${process.env.SMTP_HOST ? `E-mails go out through ${process.env.SMTP_HOST}.` : `E-mails (invitations, address confirmations, password resets) are written to ${join(dataDir, 'cms.log')}.`}
  Press Ctrl-C to stop.
`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping…');
  await web.stop();
  await cms.stop();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
