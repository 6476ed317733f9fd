// A function whose dependency is not installed (a machine where `npm install` did not cache it, or
// an import added since): the workers run with --cached-only, so nothing is downloaded at run time;
// the stack says why once, in plain words, in its output and in the failure the sign-up returns.
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKDIR } from '../src/db/harness.ts';
import { loadConfig } from '../src/config/config.ts';
import { memoryLogger } from '../src/log.ts';
import { freePort } from '../src/lib/ports.ts';
import { startStack, type Stack } from '../src/stack.ts';

const MISSING = 'npm:is-odd@3.0.1'; // not a dependency of this project: in no cache
let stack: Stack;
let folder: string;
const log = memoryLogger();

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'klub-boot-failure-'));
  await chmod(folder, 0o755);
  const functionsDir = path.join(folder, 'functions');
  await mkdir(path.join(functionsDir, 'send-email'), { recursive: true });
  await writeFile(path.join(functionsDir, 'deno.json'), JSON.stringify({ nodeModulesDir: 'auto' }));
  await writeFile(
    path.join(functionsDir, 'send-email/index.ts'),
    `import isOdd from '${MISSING}';\nDeno.serve(() => new Response(JSON.stringify({ odd: isOdd(1) })));\n`,
  );
  const config = await loadConfig(WORKDIR);
  const [api, db, inbox, smtp] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  stack = await startStack({
    dataDir: path.join(folder, 'data'),
    ports: { api, db, inbox, smtp },
    seed: false,
    functionsDir,
    functionSettings: { 'send-email': { verifyJwt: false } },
    // An empty Deno cache of its own: the package cannot come from this machine's cache either.
    functionEnv: {
      SEND_EMAIL_HOOK_SECRET: config.auth.sendEmailHook?.secrets[0] ?? '',
      DENO_DIR: path.join(folder, 'deno'),
    },
    log,
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await rm(folder, { recursive: true, force: true });
});

// Deno names the package (with its version when the lock file knows it).
const cause = /dependency npm:is-odd(@3\.0\.1)? is not installed.*npm install/;

describe('a function that cannot start', () => {
  it('answers 503 BOOT_ERROR with the cause in plain words', async () => {
    const response = await fetch(`${stack.apiUrl}/functions/v1/send-email`, {
      method: 'POST',
      headers: { apikey: stack.anonKey },
    });
    expect(response.status).toBe(503);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe('BOOT_ERROR');
    expect(body.message).toMatch(cause);
  });

  it('fails the sign-up with the cause in the hook failure, reported once in the stack output', async () => {
    for (const email of ['first@boot.test', 'second@boot.test']) {
      // POST /signup as supabase-js sends it (its Node 20 client needs a WebSocket transport).
      const response = await fetch(`${stack.apiUrl}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
        body: JSON.stringify({ email, password: 'Haslo1234', data: {} }),
      });
      const error = (await response.json()) as { code: string; message: string };
      expect(response.status).toBe(500);
      // Hosted Auth's answer to a 503 without Retry-After; locally the function's reason follows.
      expect(error.message).toMatch(/^Service currently unavailable due to hook /);
      expect(error.message).toMatch(cause);
    }
    // Start-up, the 503 above and two sign-ups each tried to boot it: one report.
    const reports = log.lines.filter((line) => line.startsWith('error functions:'));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatch(cause);
    // Deno's raw error is not printed at the normal level.
    expect(log.lines.filter((line) => line.startsWith('info functions:') && /Failed caching/.test(line))).toEqual([]);
  });
});
