// `npm install` / `npm ci` (postinstall) and `npm run functions:install`: caches every dependency of
// the Deno code ahead of time, from the committed lock files, so that starting the local stack,
// serving the edge functions and running their tests downloads nothing (the workers and `deno test`
// run with --cached-only; a missing dependency then fails at once with a message naming this script).
//
// Deno projects: supabase/functions (the edge functions and their tests) and
// packages/local-supabase/tests/fixtures/functions (the stack contract tests' functions). Every .ts file of a project
// is an entry point, so test-only imports are cached too. Plain JavaScript on purpose: it runs before
// anything else works (no tsx), and it is skipped when the deno package is absent (npm ci --omit=dev).
//
//   --update-lock   let Deno rewrite the lock files (after adding or changing an npm: import)
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DENO_PROJECTS = ['supabase/functions', 'packages/local-supabase/tests/fixtures/functions'];
const DENO = path.join(ROOT, 'node_modules/.bin/deno');

/** Every .ts file under `dir`, relative to it, node_modules excluded. */
export function entryPoints(dir, prefix = '') {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : entryPoints(dir, relative);
    return entry.name.endsWith('.ts') ? [relative] : [];
  });
}

/**
 * The environment Deno needs to reach the registry from this machine: behind a TLS-inspecting proxy
 * the proxy's certificate authority is in the system store (or in NODE_EXTRA_CA_CERTS, which Deno
 * also reads), and npm's configured registry is the one to use.
 */
export function denoInstallEnv(env = process.env) {
  const result = { ...env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' };
  if (!env.DENO_TLS_CA_STORE && !env.DENO_CERT) result.DENO_TLS_CA_STORE = 'mozilla,system';
  const registry = env.NPM_CONFIG_REGISTRY ?? env.npm_config_registry;
  if (registry) result.NPM_CONFIG_REGISTRY = registry;
  return result;
}

function install(project, { updateLock }) {
  const dir = path.join(ROOT, project);
  const files = entryPoints(dir);
  const args = ['install', ...(updateLock ? [] : ['--frozen']), '--entrypoint', ...files];
  const started = Date.now();
  const run = spawnSync(DENO, args, { cwd: dir, env: denoInstallEnv(), encoding: 'utf8' });
  if (run.status !== 0) {
    const output = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim();
    console.error(`\n[deno-install] ${project}: deno install failed.\n${output}\n`);
    if (/lockfile is out of date|frozen/i.test(output)) {
      console.error('[deno-install] An npm: import changed: run `npm run functions:install -- --update-lock`.');
    } else if (/certificate|UnknownIssuer/i.test(output)) {
      console.error(
        '[deno-install] Deno does not trust the registry certificate. Behind a TLS-inspecting proxy, put the\n' +
          "proxy's CA in the system store or set NODE_EXTRA_CA_CERTS (or DENO_CERT) to its PEM file.",
      );
    }
    return false;
  }
  console.log(`[deno-install] ${project}: ${files.length} files, dependencies cached (${Date.now() - started} ms)`);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!existsSync(DENO)) {
    console.log('[deno-install] the deno package is not installed (production install?): nothing to cache');
  } else {
    const updateLock = process.argv.includes('--update-lock');
    const ok = DENO_PROJECTS.map((project) => install(project, { updateLock })).every(Boolean);
    if (!ok) process.exit(1);
  }
}
