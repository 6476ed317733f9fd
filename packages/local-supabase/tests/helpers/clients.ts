// supabase-js clients configured as the app configures its client (PKCE, persisted session, no
// session detection in the URL), each with its own in-memory storage like a separate browser.
import { createClient, type SupabaseClient, type WebSocketLikeConstructor } from '@supabase/supabase-js';
import { inject } from 'vitest';
import WebSocket from 'ws';

export const stack = () => inject('stack');

export interface MemoryStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function memoryStorage(): MemoryStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** Node 20 has no global WebSocket: realtime-js takes `ws` as its transport. */
export const realtime = { transport: WebSocket as unknown as WebSocketLikeConstructor };

/** A browser-like client with the anon key (the app's only key). */
export function appClient(): SupabaseClient {
  const { apiUrl, anonKey } = stack();
  return createClient(apiUrl, anonKey, {
    auth: {
      flowType: 'pkce',
      autoRefreshToken: false,
      persistSession: true,
      detectSessionInUrl: false,
      storage: memoryStorage(),
    },
    realtime,
  });
}

/** A server-side client with the service-role key (bypasses RLS). */
export function serviceClient(): SupabaseClient {
  const { apiUrl, serviceRoleKey } = stack();
  return createClient(apiUrl, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime });
}

/** Decodes a JWT's payload (no verification: the stack signed it). */
export function claimsOf(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
