import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import type { Database } from '@/types/database.types';
import { tracingFetch } from './request-id';

type AuthOptions = NonNullable<SupabaseClientOptions<'public'>['auth']>;

/**
 * The one typed `createClient<Database>()`. Options from product.md#account-7: PKCE flow,
 * automatic token refresh, persisted session; the session is never read from the URL (activation,
 * the magic link and the reset link exchange their codes explicitly).
 *
 * Only `lib/supabase.ts` imports this module, with `import()`, so supabase-js stays out of the
 * entry chunk. (Unit tests import it to build a client per test.)
 */
export function createAppSupabaseClient(url: string, anonKey: string, auth: Partial<AuthOptions> = {}) {
  const client = createClient<Database>(url, anonKey, {
    auth: {
      flowType: 'pkce',
      autoRefreshToken: true,
      persistSession: true,
      detectSessionInUrl: false,
      ...auth,
    },
    // Every call carries a traceparent and x-request-id (lib/request-id.ts, issue 40 §3).
    global: { fetch: tracingFetch() },
  });
  // postgrest-js (since 2.10x) retries failed GETs three times by itself; TanStack Query already
  // retries with the spec's schedule (3 times, 1 s doubling to 30 s), so the two together made up to
  // 16 requests before a failure showed. supabase-js 2.109 has no option for it: its PostgREST
  // client hands `retry` to every query it builds.
  (client as unknown as { rest: { retry?: boolean } }).rest.retry = false;
  return client;
}
