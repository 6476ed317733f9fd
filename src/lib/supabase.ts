import type { UserAppMetadata } from '@supabase/supabase-js';
import { env } from '@/config/env';
import type { createAppSupabaseClient } from './supabase-client';

/** The app's typed client (`createClient<Database>()`, see supabase-client.ts). */
export type AppSupabaseClient = ReturnType<typeof createAppSupabaseClient>;

/**
 * The key under which supabase-js keeps the session in localStorage: `sb-<ref>-auth-token`, where
 * ref is the first label of the API host name (supabase-js computes it the same way).
 */
export function sessionStorageKeyFor(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

export const SUPABASE_STORAGE_KEY = sessionStorageKeyFor(env.supabaseUrl);

/**
 * True when supabase-js has a session stored in this browser (valid or not): only then must the
 * app load the client before it can tell a visitor from a member. Answers synchronously.
 */
export function hasStoredSession(storageKey: string = SUPABASE_STORAGE_KEY): boolean {
  try {
    return window.localStorage.getItem(storageKey) !== null;
  } catch {
    return false;
  }
}

/**
 * The `app_metadata` of the user whose session is stored in this browser (valid or not), read
 * without the client; null when none is stored or it cannot be read. Only a guess at start-up (the
 * session may have expired or been revoked): what counts is the session the client answers with.
 */
export function storedSessionAppMetadata(storageKey: string = SUPABASE_STORAGE_KEY): UserAppMetadata | null {
  try {
    const stored = JSON.parse(window.localStorage.getItem(storageKey) ?? 'null') as {
      user?: { app_metadata?: unknown } | null;
    } | null;
    const metadata = stored?.user?.app_metadata;
    return typeof metadata === 'object' && metadata !== null ? (metadata as UserAppMetadata) : null;
  } catch {
    return null;
  }
}

let client: Promise<AppSupabaseClient> | null = null;

/**
 * The client, loaded on first use: supabase-js is a chunk of its own (not in the entry chunk),
 * fetched when a signed-in session must be read or a form needs the backend. Loaded once; a failed
 * chunk load is forgotten so the next call tries again.
 */
export function getSupabase(): Promise<AppSupabaseClient> {
  client ??= import('./supabase-client').then(
    ({ createAppSupabaseClient }) => createAppSupabaseClient(env.supabaseUrl, env.supabaseAnonKey),
    (error: unknown) => {
      client = null;
      throw error;
    },
  );
  return client;
}
