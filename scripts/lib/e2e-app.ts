// The app the E2E tests run, in one place for playwright.config.ts and `npm test` (scripts/test-all.ts),
// which builds it once for both the size budgets and the E2E tests.
//
// A minified build in mode 'e2e', not 'production': src/config/env.ts shows the hCaptcha widget only
// when MODE is 'production', so this build sends the development token like `npm run dev`
// (hCaptcha's script host is not reachable from the tests, and the stack's captcha is off). The
// chunks are the production build's: the mode is read at run time, so no code is left out.
// It goes to its own folder so it never replaces the production build in dist/.
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { ROOT } from './root.ts';

/** The build's folder, relative to the project root. */
export const E2E_DIST = '.tmp/e2e-dist';
/**
 * Set by `npm test` once it has built E2E_DIST with e2eBuildEnv(): Playwright then only serves that
 * build instead of building again.
 */
export const E2E_PREBUILT_VARIABLE = 'E2E_PREBUILT';

/** Debian's full Chromium (package chromium): the browser members use. */
export const FULL_CHROMIUM = '/usr/bin/chromium';
/** Debian's headless shell (package chromium-headless-shell): the same engine, no browser window layer. */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser of the E2E suite when CHROMIUM_PATH does not name one: the headless shell where it is
 * installed, else the full browser (the suite passes with either; the shell costs less CPU).
 */
export function e2eChromium(exists: (file: string) => boolean = existsSync): string {
  return exists(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
}

/** The app's port (E2E_PORT) and the stack's API port (STACK_API_PORT), as the tests use them. */
export function e2ePorts(env: NodeJS.ProcessEnv = process.env): { app: number; api: number } {
  return { app: Number(env.E2E_PORT ?? 4173), api: Number(env.STACK_API_PORT ?? 54321) };
}

/**
 * The build's VITE_* variables: the documented local defaults of .env.example, any VITE_* of the
 * environment, and the stack's and the app's addresses for this run (the e-mails' links lead back
 * to the origin the app asks for, VITE_SITE_URL, which must be the one Playwright serves).
 */
export function e2eBuildEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const defaults = parseEnv(readFileSync(path.join(ROOT, '.env.example'), 'utf8')) as Record<string, string>;
  const fromEnvironment = Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[0].startsWith('VITE_') && entry[1] !== undefined,
    ),
  );
  const { app, api } = e2ePorts(env);
  return {
    ...defaults,
    ...fromEnvironment,
    VITE_SUPABASE_URL: `http://127.0.0.1:${api}`,
    VITE_SITE_URL: `http://127.0.0.1:${app}`,
  };
}

/**
 * The send-email function's ALLOWED_REDIRECT_ORIGINS of supabase/.env (the local stack's defaults)
 * and the E2E app's origin, so the e-mails' links lead to the app under test on any port.
 */
export function e2eAllowedRedirectOrigins(appOrigin: string, env: NodeJS.ProcessEnv = process.env): string {
  const local = parseEnv(readFileSync(path.join(ROOT, 'supabase/.env'), 'utf8')) as Record<string, string>;
  const current = (env.ALLOWED_REDIRECT_ORIGINS ?? local.ALLOWED_REDIRECT_ORIGINS ?? '').split(/\s+/).filter(Boolean);
  return [...new Set([...current, appOrigin])].join(' ');
}

/** The build command (run in the project root with e2eBuildEnv() added to the environment). */
export const E2E_BUILD_COMMAND = [
  'npx',
  'vite',
  'build',
  '--mode',
  'e2e',
  '--outDir',
  E2E_DIST,
  '--emptyOutDir',
  '--logLevel',
  'warn',
];

/** The stack's port variables of an E2E run (the automation service's, the chain's and the Przelewy24 sandbox's included). */
export const E2E_STACK_PORT_VARIABLES = [
  'STACK_API_PORT',
  'STACK_DB_PORT',
  'STACK_INBOX_PORT',
  'STACK_SMTP_PORT',
  'STACK_AUTOMATION_PORT',
  'STACK_CHAIN_PORT',
  'STACK_PRZELEWY24_PORT',
] as const;

/**
 * Gives each stack port variable that is not set a port the system says is free right now, in `env`
 * (process.env by default, which Playwright's workers and the stack inherit). The test runs' stacks
 * never take supabase start's fixed 54321…54326: they lie in Linux's ephemeral range (32768–60999),
 * where any client socket may hold one when the stack binds, and `npm run dev` may hold them too.
 * All ports are taken at once and released together, so no two variables get the same port.
 */
export async function assignE2eStackPorts(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const missing = E2E_STACK_PORT_VARIABLES.filter((name) => !env[name]);
  const servers = await Promise.all(
    missing.map(
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer();
          server.on('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  missing.forEach((name, index) => {
    env[name] = String((servers[index]!.address() as net.AddressInfo).port);
  });
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
}

/**
 * Set (to 1) by `npm test` when it has started the E2E stack itself, early, while the static checks
 * run: Playwright then only waits for it instead of starting one.
 */
export const E2E_STACK_STARTED_VARIABLE = 'E2E_STACK_STARTED';

/** The command that starts the E2E stack (fresh, in its own data folder; environment: e2eStackEnv()). */
export const E2E_STACK_COMMAND = ['node_modules/.bin/local-supabase', 'start', '--reset'];

/**
 * The E2E stack's environment (after assignE2eStackPorts): its ports, its data folder and Auth's
 * limits for a test run.
 */
export function e2eStackEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const { app } = e2ePorts(env);
  const ports = Object.fromEntries(
    E2E_STACK_PORT_VARIABLES.filter((name) => env[name]).map((name) => [name, env[name]!]),
  );
  return {
    ...ports,
    STACK_DATA_DIR: '.data/e2e-stack',
    // Access tokens live an hour (config.toml), as on hosted Supabase: no journey meets the
    // session-expiry box unless it moves the page's clock there (e2e/support/session.ts
    // nearSessionEnd).
    // Auth's limits as on hosted Supabase, for a test run: one IP signs up, signs in and asks for
    // e-mails far more often than a member would, so the per-IP and project-wide limits are raised;
    // the one-e-mail-per-address window stays (tests that need a second e-mail wait for it) but is
    // E2E_EMAIL_MAX_FREQUENCY s instead of config.toml's 60 s. e2e/support/env.ts reads the same variable.
    STACK_AUTH_RATE_LIMIT_EMAIL_SENT: '100000',
    // New password hashes at bcrypt cost 4 instead of GoTrue's 10: a run signs up and signs in some
    // 200 times, and each hash at cost 10 takes about 0.1 CPU-s in the stack (bcryptjs). Nothing a
    // client sees changes; the seeded accounts' stored hashes are checked at their own cost.
    STACK_AUTH_PASSWORD_HASH_COST: '4',
    STACK_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '100000',
    STACK_AUTH_RATE_LIMIT_TOKEN_REFRESH: '100000',
    STACK_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '100000',
    STACK_AUTH_EMAIL_MAX_FREQUENCY: env.STACK_AUTH_EMAIL_MAX_FREQUENCY ?? E2E_EMAIL_MAX_FREQUENCY,
    // The e-mails' links may lead to this app's origin whatever E2E_PORT is (supabase/.env allows
    // only 4173-4180; on another port every link led to SITE_URL's dev server, which is not there).
    ALLOWED_REDIRECT_ORIGINS: e2eAllowedRedirectOrigins(`http://127.0.0.1:${app}`, env),
  };
}

/** Auth's one-e-mail-per-address window of the E2E stack, in seconds. */
export const E2E_EMAIL_MAX_FREQUENCY = '2';
