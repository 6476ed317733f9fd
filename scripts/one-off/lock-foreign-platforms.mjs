// The npm registry reachable here serves only the linux-x64 builds of some native packages, so
// `npm install` leaves the other platforms' optional packages out of package-lock.json, and
// `npm ci` then calls the lock "out of sync". This adds them back as optional entries for their
// own os/cpu, which npm ci skips on this platform. Run it after `npm install` changes the lock.
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;

const OS = [
  [/darwin/, 'darwin'],
  [/win32|windows/, 'win32'],
  [/android/, 'android'],
  [/freebsd/, 'freebsd'],
  [/linux/, 'linux'],
];
const CPU = [
  [/arm64|aarch64/, 'arm64'],
  [/x64|x86_64/, 'x64'],
  [/arm-gnueabihf|armv7/, 'arm'],
  [/wasm32/, 'wasm32'],
];

function platformOf(name) {
  const os = OS.find(([pattern]) => pattern.test(name))?.[1];
  const cpu = CPU.find(([pattern]) => pattern.test(name))?.[1];
  if (cpu === 'wasm32') return { cpu: ['wasm32'] };
  if (!os || !cpu) return null;
  const entry = { os: [os], cpu: [cpu] };
  if (/musl/.test(name)) entry.libc = ['musl'];
  if (/gnu/.test(name) && os === 'linux') entry.libc = ['glibc'];
  return entry;
}

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    const nested = `${path}/node_modules/${name}`;
    if (packages[key] || packages[nested]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    packages[key] = { version, dev: meta.dev || undefined, optional: true, ...platform };
    added += 1;
  }
}
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} foreign-platform optional entries`);
