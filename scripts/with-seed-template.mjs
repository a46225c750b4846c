// Runs a command with one CMS seed template for all of it (scripts/cms-seed-template.mjs):
// `npm test` runs its steps this way, so the servers tests, the e2e suite and the other engines'
// run boot their CMSs on copies of one seed instead of each seeding its own. The template is made
// by the first CMS that asks for a copy and deleted when the command ends; the command's exit
// code is this script's.
//
//   node scripts/with-seed-template.mjs npm run test:steps
import { spawn } from 'node:child_process';
import process from 'node:process';
import { createSeedTemplateFolder } from './cms-seed-template.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-seed-template.mjs <command> [arguments]');
  process.exit(2);
}
const removeTemplate = createSeedTemplateFolder();
const child = spawn(command, args, { stdio: 'inherit' });
// A Ctrl+C reaches the command through the terminal; a signal sent to this script alone is
// passed on, so the command stops its own servers before the template goes.
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
  process.on(signal, () => child.kill(signal));
child.on('close', (code, signal) => {
  removeTemplate();
  process.exit(code ?? (signal ? 1 : 0));
});
child.on('error', (error) => {
  removeTemplate();
  console.error(`with-seed-template: could not start ${command}: ${error.message}`);
  process.exit(1);
});
