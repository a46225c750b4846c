'use strict';

/**
 * `node scripts/complete-lockfile.js [package-lock.json]`, after any `npm install` that changes
 * the lockfile. The registry this project is built against does not serve the other platforms'
 * optional binaries (@swc/core-darwin-arm64, @rollup/rollup-win32-x64-msvc, ...), so npm leaves
 * them out of the lockfile, and `npm ci` then refuses it as "out of sync". This adds an entry
 * for each missing optional dependency, marked optional with its os/cpu/libc, which is what
 * npm itself writes: `npm ci` accepts the lockfile and skips those packages on other machines.
 */
const path = require('node:path');
const { readFileSync, writeFileSync } = require('node:fs');

const file = process.argv[2] ?? path.join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const pkgs = lock.packages;
const OS = [
  'darwin',
  'linux',
  'win32',
  'android',
  'freebsd',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
];
const CPU = [
  'arm64',
  'x64',
  'ia32',
  'arm',
  'ppc64',
  's390x',
  'riscv64',
  'loong64',
  'mips64el',
  'wasm32',
];
let added = 0;
for (const [path, meta] of Object.entries(pkgs)) {
  for (const [name, range] of Object.entries(meta.optionalDependencies ?? {})) {
    // resolve like node: nested first, then hoisted
    const base = path ? `${path}/node_modules/${name}` : `node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (pkgs[base] || pkgs[hoisted]) continue;
    const parts = name.toLowerCase().split(/[-/@_.]/);
    const os = OS.filter((o) => parts.includes(o) || (o === 'win32' && parts.includes('windows')));
    const cpu = CPU.filter(
      (c) =>
        parts.includes(c) ||
        (c === 'x64' && parts.includes('amd64')) ||
        (c === 'arm' && parts.includes('armv7')),
    );
    const entry = {
      version: range.replace(/^[\^~=]/, ''),
      dev: meta.dev || undefined,
      optional: true,
    };
    if (os.length) entry.os = os;
    if (cpu.length) entry.cpu = cpu;
    if (parts.includes('musl')) entry.libc = ['musl'];
    else if (parts.includes('gnu') || parts.includes('gnueabihf')) entry.libc = ['glibc'];
    pkgs[hoisted] = entry;
    added += 1;
  }
}
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`added ${added} entries`);
