// Vitest global setup of the stack contract tests: the whole local stack once, on free ports, with a
// temporary data folder, the test functions of tests/fixtures/functions and the SQL fixtures.
// The stack's log is written to .tmp/stack-tests.log for reading after a failure.
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { PACKAGE_DIR, ROOT, WORKDIR } from '../src/db/harness.ts';
import { loadConfig } from '../src/config/config.ts';
import { memoryLogger } from '../src/log.ts';
import { freePort } from '../src/lib/ports.ts';
import { waitFor } from '../src/processes.ts';
import { startStack } from '../src/stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: {
      apiUrl: string;
      anonKey: string;
      serviceRoleKey: string;
      dbUrl: string;
      inboxUrl: string;
      smtpPort: number;
      hookSecret: string;
      jwtExpiry: number;
      refreshTokenReuseInterval: number;
    };
  }
}

/** Short on purpose: the expiry knob is under test, and a rotation test waits past the reuse interval. */
const JWT_EXPIRY = 600;
const REUSE_INTERVAL = 1;
/** One e-mail per address per second, so a test that needs a second e-mail waits only that long. */
const EMAIL_MAX_FREQUENCY = 1;

async function loadFixtures(dbUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query(await readFile(path.join(PACKAGE_DIR, 'tests/fixtures/contract.sql'), 'utf8'));
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'klub-stack-'));
  // PostgreSQL runs as the `postgres` user when the tests run as root: it must reach its folder.
  await chmod(dataDir, 0o755);
  const log = memoryLogger();
  const config = await loadConfig(WORKDIR);
  const hookSecret = config.auth.sendEmailHook?.secrets[0] ?? '';
  const [api, db, inbox, smtp] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const stack = await startStack({
    dataDir,
    ports: { api, db, inbox, smtp },
    seed: false,
    jwtExpiry: JWT_EXPIRY,
    // Hundreds of sign-ups and sign-ins: bcrypt at cost 4 (GoTrue's 10 is proven in config.test.ts).
    passwordHashCost: 4,
    refreshTokenReuseInterval: REUSE_INTERVAL,
    // Dozens of members from one IP within a minute: the limits are raised here, and proven on a
    // stack with config.toml's own values in auth-rate-limits.test.ts.
    rateLimits: { emailSent: 100_000, signInSignUps: 100_000, tokenRefresh: 100_000, tokenVerifications: 100_000 },
    emailMaxFrequency: EMAIL_MAX_FREQUENCY,
    functionsDir: path.join(PACKAGE_DIR, 'tests/fixtures/functions'),
    functionSettings: { 'send-email': { verifyJwt: false }, echo: { verifyJwt: true } },
    functionEnv: { SEND_EMAIL_HOOK_SECRET: hookSecret, SMTP_PORT: String(smtp) },
    // The app's jobs call the app's functions; this stack serves the test functions instead.
    scheduledJobs: [],
    log,
  });
  console.log(`[stack] ready in ${(stack.readyInMs / 1000).toFixed(2)} s at ${stack.apiUrl}`);
  await loadFixtures(stack.dbUrl);
  await waitFor('PostgREST schema reload', async () => {
    const response = await fetch(`${stack.apiUrl}/rest/v1/contract_lists?select=id&limit=0`, {
      headers: { apikey: stack.anonKey },
    });
    return response.status !== 404;
  });
  project.provide('stack', {
    apiUrl: stack.apiUrl,
    anonKey: stack.anonKey,
    serviceRoleKey: stack.serviceRoleKey,
    dbUrl: stack.dbUrl,
    inboxUrl: stack.inboxUrl,
    smtpPort: stack.smtpPort,
    hookSecret,
    jwtExpiry: JWT_EXPIRY,
    refreshTokenReuseInterval: REUSE_INTERVAL,
  });
  return async () => {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
    await mkdir(path.join(ROOT, '.tmp'), { recursive: true });
    await writeFile(path.join(ROOT, '.tmp/stack-tests.log'), log.lines.join('\n'));
  };
}
