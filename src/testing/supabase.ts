import type { Session } from '@supabase/supabase-js';
import type { AppSupabaseClient } from '@/lib/supabase';
import { createAppSupabaseClient } from '@/lib/supabase-client';
import { createSupabaseSource, type SupabaseSource } from '@/lib/supabase-source';
import { installFakeRealtime, type FakeRealtime } from './realtime';
import { TEST_ANON_KEY, TEST_SUPABASE_URL } from './test-env';

export type TestSupabase = {
  /** The app's client (same options), against the MSW-served test URL, without background refresh. */
  client: AppSupabaseClient;
  /** Where this client keeps its session in localStorage (unique per client). */
  storageKey: string;
  source: SupabaseSource<AppSupabaseClient>;
  /** Stores a session the way supabase-js does, so the client finds it at start-up. */
  storeSession(session: Session): void;
  storedSession(): Session | null;
  /** Realtime is faked (no WebSocket in unit tests): play statuses and INSERTs through it. */
  realtime: FakeRealtime;
};

let count = 0;

/**
 * A real supabase-js client per test: requests go through MSW (testing/msw), so a screen is tested
 * against answers shaped like GoTrue's and PostgREST's. Each has its own storage key, so clients of
 * earlier tests never share a session with it. Its Realtime is a fake (testing/realtime.ts).
 */
export function createTestSupabase(): TestSupabase {
  count += 1;
  const storageKey = `sb-test${count}-auth-token`;
  const client = createAppSupabaseClient(TEST_SUPABASE_URL, TEST_ANON_KEY, { autoRefreshToken: false, storageKey });
  const realtime = installFakeRealtime(client);
  return {
    client,
    realtime,
    storageKey,
    source: createSupabaseSource({
      hasStoredSession: () => window.localStorage.getItem(storageKey) !== null,
      load: () => Promise.resolve(client),
    }),
    storeSession: (session) => window.localStorage.setItem(storageKey, JSON.stringify(session)),
    storedSession: () => {
      const raw = window.localStorage.getItem(storageKey);
      return raw ? (JSON.parse(raw) as Session) : null;
    },
  };
}
