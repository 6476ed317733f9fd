import type { Session } from '@supabase/supabase-js';
import type { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { ComponentProps, ReactElement } from 'react';
import { createMemoryRouter, parsePath, RouterProvider, type DataRouter, type Path } from 'react-router-dom';
import { Providers } from '@/components/layout/providers';
import { FullPageLoader } from '@/components/ui/spinner';
import { AuthRouter, type RouteFactory, type RouterFactory } from '@/lib/auth/auth-router';
import { createQueryClient } from '@/lib/query-client';
import { createFakeAuthClient, fakeAuthSource, type FakeAuthClient } from './fake-auth-client';
import type { TestSupabase } from './supabase';

export type RenderOptions = {
  /** The session the fake auth client answers with (or, with `supabase`, the stored session); none = signed out. */
  session?: Session | null;
  /** Leave the first session lookup unanswered (auth still loading). */
  pendingSession?: boolean;
  /** The fake auth client (the default; unused when `supabase` is given). */
  authClient?: FakeAuthClient;
  /** A real client per test (testing/supabase.ts) whose requests MSW answers, instead of the fake. */
  supabase?: TestSupabase;
  queryClient?: QueryClient;
};

/** A QueryClient with the app's caches and defaults, but no retries and no garbage collection. */
export function createTestQueryClient(): QueryClient {
  return createQueryClient({ queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } });
}

/**
 * user-event without its artificial pause between events (`delay: null`: no `setTimeout` per
 * keystroke; React still renders after each event, as act() wraps every one), and that moves fake
 * timers on when a test uses them.
 */
export function setupUser() {
  return userEvent.setup({
    delay: null,
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
}

function setup(options: RenderOptions) {
  const authClient =
    options.authClient ?? createFakeAuthClient({ session: options.session ?? null, pending: options.pendingSession });
  if (options.supabase && options.session) options.supabase.storeSession(options.session);
  return {
    authClient,
    source: options.supabase ? options.supabase.source : fakeAuthSource(authClient),
    queryClient: options.queryClient ?? createTestQueryClient(),
    user: setupUser(),
  };
}

/** Renders `ui` inside the app's providers only, for code that brings its own router (lib/auth's AuthRouter). */
export function renderInProviders(
  ui: ReactElement,
  supabase: ComponentProps<typeof Providers>['supabase'],
  queryClient: QueryClient = createTestQueryClient(),
): RenderResult {
  return render(
    <Providers queryClient={queryClient} supabase={supabase}>
      {ui}
    </Providers>,
  );
}

/**
 * Renders `ui` with every provider (query client, session, error boundary, connection-problem
 * modal) inside a memory router at `route`.
 */
export function renderWithProviders(ui: ReactElement, options: RenderOptions & { route?: string } = {}) {
  const { authClient, source, queryClient, user } = setup(options);
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [options.route ?? '/'] });
  const result: RenderResult = render(
    <Providers queryClient={queryClient} supabase={source}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, user, router, authClient, queryClient };
}

/**
 * Renders a route tree (normally the app's, see app/testing/render-route.tsx) at `path`, with
 * every provider and a memory router that is rebuilt like the app's when the admin flag changes.
 * `location()` is where the current router is.
 */
export function renderRouter(createRoutes: RouteFactory, path: string, options: RenderOptions = {}) {
  const { authClient, source, queryClient, user } = setup(options);
  let current: DataRouter | null = null;
  const createRouter: RouterFactory = (routes, previous) => {
    current = createMemoryRouter(routes, {
      // The location with its state, as a browser router finds it in the history entry.
      initialEntries: [previous ? previous.state.location : path],
    });
    return current;
  };
  const result: RenderResult = render(
    <Providers queryClient={queryClient} supabase={source}>
      <AuthRouter createRoutes={createRoutes} createRouter={createRouter} fallback={<FullPageLoader />} />
    </Providers>,
  );
  const initial = parsePath(path);
  const location = (): Path =>
    current
      ? current.state.location
      : { pathname: initial.pathname ?? '/', search: initial.search ?? '', hash: initial.hash ?? '' };
  const router = (): DataRouter | null => current;
  return { ...result, user, authClient, queryClient, location, router };
}
