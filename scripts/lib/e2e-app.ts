// The app the E2E tests run, in one place for playwright.config.ts and `npm test` (scripts/test-all.ts),
// which builds it once for both the size budgets and the E2E tests.
//
// A minified build in mode 'e2e', not 'production': src/config/env.ts shows the hCaptcha widget only
// when MODE is 'production', so this build sends the development token like `npm run dev`
// (hCaptcha's script host is not reachable from the tests, and the stack's captcha is off). The
// chunks are the production build's: the mode is read at run time, so no code is left out.
// It goes to its own folder so it never replaces the production build in dist/.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The build's folder, relative to the project root. */
export const E2E_DIST = '.tmp/e2e-dist';
/**
 * Set by `npm test` once it has built E2E_DIST with e2eBuildEnv(): Playwright then only serves that
 * build instead of building again.
 */
export const E2E_PREBUILT_VARIABLE = 'E2E_PREBUILT';

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
