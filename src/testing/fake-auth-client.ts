import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { vi } from 'vitest';
import type { AuthClient } from '@/lib/auth/auth-context';

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

export type FakeAuthClient = {
  getSession: ReturnType<typeof vi.fn<AuthClient['getSession']>>;
  onAuthStateChange: ReturnType<typeof vi.fn<AuthClient['onAuthStateChange']>>;
  signOut: ReturnType<typeof vi.fn<AuthClient['signOut']>>;
  /** Plays an auth event to every subscriber, as auth-js would. */
  emit(event: AuthChangeEvent, session: Session | null): void;
  listenerCount(): number;
};

/**
 * A stand-in for `supabase.auth` with the three calls the session provider makes. `pending`
 * keeps getSession() unanswered (the "session unknown" state). signOut() succeeds and emits
 * SIGNED_OUT unless a test overrides it.
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
    emit,
    listenerCount: () => listeners.size,
  };
}
