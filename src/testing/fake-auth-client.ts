import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { vi } from 'vitest';
import type { AuthClient } from '@/lib/auth/auth-context';
import type { AppSupabaseClient } from '@/lib/supabase';
import { createSupabaseSource, type SupabaseSource } from '@/lib/supabase-source';
import { buildSession } from './factories';
import { installFakeRealtime } from './realtime';

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

export type FakeAuthClient = {
  getSession: ReturnType<typeof vi.fn<AuthClient['getSession']>>;
  onAuthStateChange: ReturnType<typeof vi.fn<AuthClient['onAuthStateChange']>>;
  signOut: ReturnType<typeof vi.fn<AuthClient['signOut']>>;
  refreshSession: ReturnType<typeof vi.fn<AuthClient['refreshSession']>>;
  /** Plays an auth event to every subscriber, as auth-js would. */
  emit(event: AuthChangeEvent, session: Session | null): void;
  listenerCount(): number;
};

/**
 * A stand-in for `supabase.auth` with the calls the session provider makes. `pending` keeps
 * getSession() unanswered (the "session unknown" state). signOut() succeeds and emits SIGNED_OUT,
 * refreshSession() gives a fresh session (one more hour) and emits TOKEN_REFRESHED, unless a test
 * overrides them.
 */
export function createFakeAuthClient(options: { session?: Session | null; pending?: boolean } = {}): FakeAuthClient {
  let current = options.session ?? null;
  const listeners = new Set<Listener>();

  const emit = (event: AuthChangeEvent, session: Session | null) => {
    current = session;
    for (const listener of [...listeners]) listener(event, session);
  };

  return {
    getSession: vi.fn<AuthClient['getSession']>(() =>
      options.pending ? new Promise(() => {}) : Promise.resolve({ data: { session: current }, error: null }),
    ),
    onAuthStateChange: vi.fn<AuthClient['onAuthStateChange']>((callback) => {
      listeners.add(callback);
      return { data: { subscription: { unsubscribe: () => listeners.delete(callback) } } };
    }),
    signOut: vi.fn<AuthClient['signOut']>(async () => {
      emit('SIGNED_OUT', null);
      return { error: null };
    }),
    refreshSession: vi.fn<AuthClient['refreshSession']>(async () => {
      if (!current) return { error: new Error('Auth session missing!') };
      const next = buildSession(current.user);
      emit('TOKEN_REFRESHED', next);
      return { error: null };
    }),
    emit,
    listenerCount: () => listeners.size,
  };
}

/**
 * A source that hands out the fake as the client's `auth`, with a fake Realtime that stays silent
 * (nothing else of the client exists: a screen that calls the backend needs a per-test client,
 * testing/supabase.ts). The fake is always asked for the session, as if one may be stored.
 */
export function fakeAuthSource(client: FakeAuthClient): SupabaseSource<AppSupabaseClient> {
  const appClient = { auth: client };
  installFakeRealtime(appClient);
  return createSupabaseSource({
    hasStoredSession: () => true,
    load: () => Promise.resolve(appClient as unknown as AppSupabaseClient),
  });
}
