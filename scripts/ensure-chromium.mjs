// Makes sure a Chromium exists before the e2e suite starts: the system's, or Debian's package
// installed with apt-get when running as root. Otherwise it says exactly what to do.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { HEADLESS_SHELL_PATH, findTestChromium } from './find-chromium.mjs';

/** @param {string} command @param {string[]} args */
function run(command, args) {
  console.log(`ensure-chromium: ${command} ${args.join(' ')}`);
  return (
    spawnSync(command, args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0
  );
}

const canInstall = process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0;
let updated = false;
/** @param {string} name a Debian package */
function install(name) {
  if (!canInstall) return;
  updated ||= run('apt-get', ['update', '-qq']);
  if (!run('apt-get', ['install', '-y', '-qq', name]))
    console.log(`ensure-chromium: could not install ${name}`);
}
// The suite runs the headless shell; the full browser is the fallback (and the bench's browser).
if (!process.env.CHROMIUM_PATH && !existsSync(HEADLESS_SHELL_PATH))
  install('chromium-headless-shell');
if (!findTestChromium()) install('chromium');
const found = findTestChromium();
if (!found) {
  console.error(
    [
      'ensure-chromium: no Chromium found for the end-to-end tests.',
      'Install one and run again, e.g.:',
      '  sudo apt-get install -y chromium        (Debian/Ubuntu)',
      'or point CHROMIUM_PATH at any Chromium or Chrome binary:',
      '  CHROMIUM_PATH=/path/to/chrome npm test',
    ].join('\n'),
  );
  process.exit(1);
}
console.log(`ensure-chromium: using ${found}`);
