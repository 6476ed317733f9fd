import * as authConstants from '@supabase/auth-js/dist/module/lib/constants';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/msw/handlers';
import { server } from '@/testing/msw/server';
import { TEST_ANON_KEY, TEST_SUPABASE_URL } from '@/testing/test-env';
import { createAppSupabaseClient } from '../supabase-client';
import { sessionStorageKeyFor, SUPABASE_STORAGE_KEY } from '../supabase';

type AuthInternals = {
  storageKey: string;
  flowType: string;
  autoRefreshToken: boolean;
  persistSession: boolean;
  detectSessionInUrl: boolean;
};

describe('the Supabase client', () => {
  it('uses the options of product.md#account-7: PKCE, auto refresh, persisted, not from the URL', async () => {
    const client = createAppSupabaseClient('https://abcdefgh.supabase.co', 'anon-key', {});
    const auth = client.auth as unknown as AuthInternals;
    expect(auth.flowType).toBe('pkce');
    expect(auth.autoRefreshToken).toBe(true);
    expect(auth.persistSession).toBe(true);
    expect(auth.detectSessionInUrl).toBe(false);
    await client.auth.stopAutoRefresh();
  });

  it.each(['https://abcdefgh.supabase.co', 'http://127.0.0.1:54321', 'http://localhost:54321'])(
    'finds the stored session where supabase-js keeps it (%s)',
    (url) => {
      const client = createAppSupabaseClient(url, 'anon-key', { autoRefreshToken: false });
      expect(sessionStorageKeyFor(url)).toBe((client.auth as unknown as AuthInternals).storageKey);
    },
  );

  it('asks PostgREST once per read: retries are the query cache’s, not the client’s', async () => {
    let requests = 0;
    server.use(
      http.get(restUrl('/apps'), () => {
        requests += 1;
        return new HttpResponse(null, { status: 503 });
      }),
    );
    const client = createAppSupabaseClient(TEST_SUPABASE_URL, TEST_ANON_KEY, { autoRefreshToken: false });
    const { error } = await client.from('apps').select('id');
    expect(error).not.toBeNull();
    expect(requests).toBe(1);
  });

  it('computes the app’s key from VITE_SUPABASE_URL', () => {
    expect(SUPABASE_STORAGE_KEY).toBe('sb-supabase-auth-token');
  });

  it('refreshes on auth-js’s schedule: a check every 30 s, a refresh 3 checks before expiry, retries from 200 ms', () => {
    // product.md#account-9. The spec's "recovery margin 10 s" is auth-js's older value; the
    // library's own margin (3 ticks) is kept rather than forking it (docs/decisions.md).
    expect(authConstants.AUTO_REFRESH_TICK_DURATION_MS).toBe(30_000);
    expect(authConstants.AUTO_REFRESH_TICK_THRESHOLD).toBe(3);
    expect(authConstants.NETWORK_FAILURE.RETRY_INTERVAL * 100).toBe(200);
  });
});
