// The phases of a bench run that a CPU profile is cut by: the benches that run the CMS with
// --cpu-prof (load-school, playlist-write) write them, and cpu-profile-summary reads them. Times are
// on the monotonic clock in µs, the clock a .cpuprofile's startTime and samples are on.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** @typedef {{ from: number, to: number, requests?: number }} Phase */

/** The monotonic clock in µs. */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

const phasesFile = (/** @type {string} */ dir) => join(dir, 'phases.json');

/** Writes a run's phases beside the profiles in `dir`. @param {string} dir @param {Record<string, Phase>} phases */
export function writePhases(dir, phases) {
  writeFileSync(phasesFile(dir), `${JSON.stringify(phases, null, 2)}\n`);
}

/**
 * One phase from the phases written in `dir`, or null when none were written (a profile taken
 * outside a bench). A name the file does not have is an error.
 * @param {string} dir @param {string} name @returns {Phase | null}
 */
export function readPhase(dir, name) {
  let phases;
  try {
    phases = JSON.parse(readFileSync(phasesFile(dir), 'utf8'));
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
    throw error;
  }
  if (!phases[name]) throw new Error(`phases.json has no phase ${name}`);
  return phases[name];
}
