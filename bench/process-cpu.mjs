// A process's CPU time as Linux counts it, for the benchmarks that report what the CMS (or its
// database) spent: bench/load-school.mjs per sync request, bench/cms-boot.mjs per boot.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second, the unit of /proc/<pid>/stat's times. */
export const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * The fields of /proc/<pid>/stat after the command name (which may hold spaces): state is
 * fields[0], utime fields[11], stime fields[12], the reaped children's cutime and cstime [13], [14].
 * @param {string | number} pid
 */
export function statFields(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/**
 * CPU time (user + system, ms) the processes have used so far, from /proc/<pid>/stat (Linux);
 * null where it cannot be read. @param {number[]} pids
 */
export function cpuMsOf(pids) {
  try {
    let ticks = 0;
    for (const pid of pids) {
      const fields = statFields(pid);
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return (ticks * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
