// Where the E2E tests find the local stack: the documented local defaults of .env.example (the same
// values playwright.config.ts builds the app with), overridable like the stack's own ports.
import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

const appEnv = parseEnv(readFileSync(new URL('../../.env.example', import.meta.url), 'utf8')) as Record<
  string,
  string | undefined
>;

/** The stack's API gateway (/auth/v1, /rest/v1, …). */
export const API_URL = process.env.STACK_API_PORT
  ? `http://127.0.0.1:${process.env.STACK_API_PORT}`
  : (process.env.VITE_SUPABASE_URL ?? appEnv.VITE_SUPABASE_URL ?? 'http://127.0.0.1:54321');
/** The anon key: the only key the app has, and the only one the tests use against the API. */
export const ANON_KEY = process.env.VITE_SUPABASE_ANON_KEY ?? appEnv.VITE_SUPABASE_ANON_KEY ?? '';
/** The mail catcher's Mailpit-compatible API. */
export const INBOX_URL = `http://127.0.0.1:${process.env.STACK_INBOX_PORT ?? 54324}`;
/**
 * Auth's `[auth.email] max_frequency` in milliseconds: the E2E stack's (STACK_AUTH_EMAIL_MAX_FREQUENCY,
 * set by playwright.config.ts), else supabase/config.toml's.
 */
export const EMAIL_MAX_FREQUENCY_MS = (() => {
  if (process.env.STACK_AUTH_EMAIL_MAX_FREQUENCY) return Number(process.env.STACK_AUTH_EMAIL_MAX_FREQUENCY) * 1000;
  const config = readFileSync(new URL('../../supabase/config.toml', import.meta.url), 'utf8');
  const section = config.split(/^\[auth\.email\]\s*$/m)[1]?.split(/^\[/m)[0] ?? '';
  const seconds = /^max_frequency\s*=\s*"(\d+)s"/m.exec(section)?.[1];
  if (seconds === undefined) throw new Error('supabase/config.toml: no [auth.email] max_frequency in seconds');
  return Number(seconds) * 1000;
})();
/**
 * The stack's own PostgreSQL, for facts the UI does not show yet. Not DATABASE_URL: `npm test`
 * sets that to a separate test database, while the app under test writes into the stack's.
 */
export const STACK_DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:${process.env.STACK_DB_PORT ?? 54322}/postgres`;
