// The well-known local secrets of `supabase start`, so `.env.example` serves both local stacks.
// They are public demo values: never use them for anything reachable from outside this machine.
import { SignJWT } from 'jose';

export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const JWT_KEY = new TextEncoder().encode(JWT_SECRET);

/** Expiry of the two legacy API keys (2032-11-12), as in `supabase start`. */
const LEGACY_KEY_EXPIRY = 1983812996;

export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** The new-style keys that recent CLIs print; the gateway maps them to the legacy JWTs, as Kong does. */
export const PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

/** apikey value → the JWT that stands for it. */
export const API_KEYS: ReadonlyMap<string, string> = new Map([
  [ANON_KEY, ANON_KEY],
  [SERVICE_ROLE_KEY, SERVICE_ROLE_KEY],
  [PUBLISHABLE_KEY, ANON_KEY],
  [SECRET_KEY, SERVICE_ROLE_KEY],
]);

/** Signs a legacy API key the way the CLI derived the constants above. */
export function signLegacyKey(role: 'anon' | 'service_role'): Promise<string> {
  return new SignJWT({ iss: 'supabase-demo', role, exp: LEGACY_KEY_EXPIRY })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(JWT_KEY);
}

/** Fails when the constants and the secret disagree (a typo would otherwise surface as 401s). */
export async function assertWellKnownKeys(): Promise<void> {
  const [anon, service] = await Promise.all([signLegacyKey('anon'), signLegacyKey('service_role')]);
  if (anon !== ANON_KEY || service !== SERVICE_ROLE_KEY) {
    throw new Error('The well-known anon/service-role keys do not match the JWT secret.');
  }
}
