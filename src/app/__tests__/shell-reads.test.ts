import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { buildSession, buildUser } from '@/testing/factories';
import { profileRow, shellHandlers } from '@/testing/msw/dashboard-answers';
import { restUrl, rpcUrl } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { createTestSupabase } from '@/testing/supabase';
import { appsKeys } from '@/data/apps/keys';
import { loadShell } from '../shell-reads';

/** The requests the API received, by path (`/rest/v1/profiles`, `/rest/v1/rpc/get_dashboard_stats`). */
function recordRequests() {
  const paths: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    paths.push(new URL(request.url).pathname);
  };
  server.events.on('request:start', listener);
  return { paths, stop: () => server.events.removeListener('request:start', listener) };
}

function signedInMember() {
  const supabase = createTestSupabase();
  const session = buildSession(buildUser());
  supabase.storeSession(session);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const context = {
    queryClient,
    getClient: () => Promise.resolve(supabase.client),
    hasStoredSession: () => supabase.storedSession() !== null,
  };
  return { supabase, session, queryClient, context };
}

const announcement = { id: 'a1', content: 'Nowe pakiety CCC już dostępne', created_at: '2026-11-01T10:00:00Z' };

describe("the dashboard shell's loader", () => {
  it("starts the shell's and the main panel's reads together and holds the first render until they have answered", async () => {
    const { session, queryClient, context } = signedInMember();
    let releaseStats: () => void = () => {};
    const statsHeld = new Promise<void>((resolve) => {
      releaseStats = resolve;
    });
    server.use(
      ...shellHandlers({ profile: profileRow(session.user), announcements: [announcement] }),
      http.post(rpcUrl('get_dashboard_stats'), async () => {
        await statsHeld;
        return HttpResponse.json({});
      }),
      http.post(rpcUrl('get_referral_rankings'), () => HttpResponse.json([])),
    );
    const requests = recordRequests();
    let loaded = false;

    const loading = loadShell(context, '/dashboard').then(() => {
      loaded = true;
    });

    await vi.waitFor(() =>
      expect(requests.paths).toEqual(
        expect.arrayContaining([
          '/rest/v1/announcements',
          '/rest/v1/site_settings',
          '/rest/v1/profiles',
          '/rest/v1/rpc/get_dashboard_stats',
          '/rest/v1/rpc/get_referral_rankings',
        ]),
      ),
    );
    await vi.waitFor(() => expect(queryClient.getQueryData(['announcements', 'active'])).toEqual([announcement]));
    // The banner has answered, the cards have not: the shell does not render yet.
    expect(loaded).toBe(false);
    releaseStats();
    await loading;
    expect(queryClient.getQueryState(['dashboard', 'stats'])?.status).not.toBe('pending');
    expect(queryClient.isFetching()).toBe(0);
    requests.stop();
  });

  it('renders without a read that has not answered when the wait is over', async () => {
    const { session, queryClient, context } = signedInMember();
    server.use(
      ...shellHandlers({ profile: profileRow(session.user), announcements: [announcement] }),
      // A read that never answers.
      http.post(rpcUrl('get_dashboard_stats'), () => new Promise<never>(() => {})),
      http.post(rpcUrl('get_referral_rankings'), () => HttpResponse.json([])),
    );

    await expect(loadShell({ ...context, waitMs: 0 }, '/dashboard')).resolves.toBeNull();
    // The read goes on after the loader has given up waiting (each read starts in a task of its own).
    await vi.waitFor(() => expect(queryClient.getQueryState(['dashboard', 'stats'])?.fetchStatus).toBe('fetching'));
    expect(queryClient.getQueryState(['dashboard', 'stats'])?.status).toBe('pending');
  });

  it('waits for its own reads only, not for another read the query client has in flight', async () => {
    const { session, queryClient, context } = signedInMember();
    server.use(
      ...shellHandlers({ profile: profileRow(session.user), announcements: [announcement] }),
      http.post(rpcUrl('get_dashboard_stats'), () => HttpResponse.json({})),
      http.post(rpcUrl('get_referral_rankings'), () => HttpResponse.json([])),
    );
    // Something else (a widget's read, a prefetch) that never answers.
    void queryClient.prefetchQuery({ queryKey: ['elsewhere'], queryFn: () => new Promise<never>(() => {}) });

    // A wait far beyond the test's own time limit: only the loader's reads can end it.
    await expect(loadShell({ ...context, waitMs: 3_600_000 }, '/dashboard')).resolves.toBeNull();
    expect(queryClient.getQueryState(['dashboard', 'stats'])?.status).not.toBe('pending');
    expect(queryClient.getQueryState(['elsewhere'])?.fetchStatus).toBe('fetching');
  });

  it("starts a section's first reads when the member opens that section's address", async () => {
    const { session, context } = signedInMember();
    server.use(
      ...shellHandlers({ profile: profileRow(session.user) }),
      http.get(restUrl('/apps'), () => HttpResponse.json([])),
      http.get(restUrl('/membership_plans'), () => HttpResponse.json([])),
    );
    const requests = recordRequests();

    await loadShell(context, '/dashboard/apps/');

    // The loader has waited for the section's reads: they are answered when it resolves.
    expect(requests.paths).toEqual(expect.arrayContaining(['/rest/v1/apps', '/rest/v1/membership_plans']));
    expect(context.queryClient.getQueryState(appsKeys.catalogue())?.status).toBe('success');
    expect(requests.paths).not.toContain('/rest/v1/rpc/get_dashboard_stats');
    requests.stop();
  });

  it('renders the shell even when the announcements cannot be read', async () => {
    const { context, queryClient } = signedInMember();
    server.use(
      // The first handler that matches answers.
      http.get(restUrl('/announcements'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })),
      ...shellHandlers(),
      http.post(rpcUrl('get_dashboard_stats'), () => HttpResponse.json({})),
      http.post(rpcUrl('get_referral_rankings'), () => HttpResponse.json([])),
    );

    await expect(loadShell(context, '/dashboard')).resolves.toBeNull();
    expect(queryClient.getQueryState(['announcements', 'active'])?.status).toBe('error');
  });

  it('reads nothing when the stored session has ended by the time the session is read', async () => {
    // Nothing stored for the client: its session read answers without a session (an expired session
    // that could not be refreshed), while the router was built for the session stored at start-up.
    const supabase = createTestSupabase();
    const queryClient = new QueryClient();
    const requests = recordRequests();

    await expect(
      loadShell(
        { queryClient, getClient: () => Promise.resolve(supabase.client), hasStoredSession: () => true },
        '/dashboard',
      ),
    ).resolves.toBeNull();

    expect(requests.paths).toEqual([]);
    requests.stop();
  });

  it('reads nothing for a visitor without a stored session', async () => {
    const { context } = signedInMember();
    const requests = recordRequests();

    await loadShell({ ...context, hasStoredSession: () => false }, '/dashboard');

    expect(requests.paths).toEqual([]);
    requests.stop();
  });
});
