// `node bench/cms-boot.mjs`: what one CMS boot costs on a copy of a seeded database, as every
// servers test, e2e worker and scaled-out instance starts: the time until /_health answers and
// the CMS process's CPU time by then (from /proc), median of BOOTS boots (default 5). CI boots the
// CMS about 45 times, so its CPU time is a large part of what a run costs. Writes
// bench/results/cms-boot.json.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { freePort, startCms } from '../scripts/cms-process.mjs';
import { copySeedTemplate, createSeedTemplateFolder } from '../scripts/cms-seed-template.mjs';
import { scratchDir } from '../scripts/scratch.mjs';
import { cpuMsOf } from './process-cpu.mjs';
import { median } from './support.mjs';

const BOOTS = Number(process.env.BOOTS ?? 5);
const removeTemplate = createSeedTemplateFolder();
const load = { start: loadavg(), end: loadavg() };
/** @type {{ wallMs: number, cpuMs: number }[]} */
const boots = [];
try {
  for (let index = 0; index < BOOTS; index += 1) {
    const dataDir = scratchDir('music-classroom-boot-');
    try {
      // The first copy seeds the template (not timed); every boot then starts on a copy.
      if (!(await copySeedTemplate(dataDir)))
        throw new Error('no seeded template to copy (is DATABASE_URL set?)');
      const began = Date.now();
      const cms = await startCms({
        port: await freePort(),
        dataDir,
        log: join(dataDir, 'cms.log'),
      });
      boots.push({ wallMs: Date.now() - began, cpuMs: cpuMsOf([cms.pid]) ?? NaN });
      await cms.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
} finally {
  removeTemplate();
}
load.end = loadavg();
const figures = {
  boots,
  medianWallMs: median(boots.map((boot) => boot.wallMs)),
  medianCpuMs: median(boots.map((boot) => boot.cpuMs)),
  load: {
    start: load.start.map((value) => Number(value.toFixed(2))),
    end: load.end.map((value) => Number(value.toFixed(2))),
  },
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/cms-boot.json', `${JSON.stringify(figures, null, 2)}\n`);
console.log(JSON.stringify(figures, null, 2));
