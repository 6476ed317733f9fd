import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RouteErrorScreen } from '@/components/layout/route-error-screen';
import { FullPageLoader } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isAdminUser } from '@/lib/auth/auth-context';
import { AuthRouter, type RouteFactory, type RouterFactory } from '@/lib/auth/auth-router';
import { storedSessionAppMetadata } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { RedirectIfSignedIn, RequireAdmin, RequireAuth } from './guards';
import { RootLayout } from './root-layout';
import * as landing from './routes/landing';
import { ADMIN_AREA, sections, type Section, type Sections } from './sections';
import type { ShellReadsContext } from './shell-reads';

const { dashboard } = paths;

/** A section's route below its parent: the main panel is /dashboard's index route. */
function sectionRoute(section: Section): RouteObject {
  return section.segment === undefined
    ? { index: true, lazy: section.chunk }
    : { path: section.segment, lazy: section.chunk };
}

/**
 * /dashboard's children from the section registry: every member section, and for an admin the
 * admin area (its layout around every admin tab; /dashboard/admin opens the landing tab). Each page
 * is its section's chunk.
 */
export function dashboardRoutes(registry: Sections, isAdmin: boolean): RouteObject[] {
  const routes = [
    ...registry.member.map(sectionRoute),
    // A USDT order's payment page: opened by the payment dialogs, not a menu entry.
    { path: dashboard.usdtPayment.segment, lazy: () => import('./routes/dashboard/usdt-payment') },
  ];
  if (!isAdmin) return routes;
  return [
    ...routes,
    {
      path: ADMIN_AREA.segment,
      element: <RequireAdmin />,
      children: [
        {
          lazy: () => ADMIN_AREA.layout().then(({ Component }) => ({ Component })),
          children: [
            { index: true, element: <Navigate to={ADMIN_AREA.landing.segment} replace /> },
            ...registry.adminTabs.map(sectionRoute),
          ],
        },
      ],
    },
  ];
}

/**
 * The complete route map of both spec files. Every page is a lazy chunk except the landing page and
 * the guards; the dashboard's pages are the section registry's (sections.ts), `admin/*` only when
 * `isAdmin`. With `shell` (the app's clients), the /dashboard shell has a loader that starts its
 * first reads beside its chunks (shell-reads.ts).
 */
export const createAppRoutes = (
  { isAdmin }: { isAdmin: boolean },
  shell?: ShellReadsContext,
  registry: Sections = sections,
): RouteObject[] => [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    HydrateFallback: FullPageLoader,
    children: [
      {
        element: <RedirectIfSignedIn />,
        // The landing page is what most visitors open first: part of the entry, no second round trip.
        children: [{ index: true, Component: landing.Component }],
      },
      { path: paths.activate.path, lazy: () => import('./routes/activate') },
      { path: paths.resetPassword.path, lazy: () => import('./routes/reset-password') },
      { path: paths.privacy.path, lazy: () => import('./routes/privacy') },
      {
        path: dashboard.root.path,
        element: <RequireAuth />,
        children: [
          {
            // The shell's loader comes with its chunk (the reads' code stays out of the landing page's
            // entry); the chunk starts downloading with supabase-js (preload-shell.ts), which the reads need.
            lazy: () =>
              import('./routes/dashboard/layout').then(({ Component, loadShell }) => ({
                Component,
                ...(shell && {
                  loader: ({ request }: { request: Request }) => loadShell(shell, new URL(request.url).pathname),
                  // The shell's reads are the query cache's to refresh: moving between sections reads nothing here.
                  shouldRevalidate: () => false,
                }),
              })),
            children: dashboardRoutes(registry, isAdmin),
          },
          // Anything else under /dashboard (including admin/* for non-admins) goes to /dashboard.
          { path: '*', element: <Navigate to={dashboard.root.path} replace /> },
        ],
      },
      // The 404 page is a chunk of its own: no visitor of the landing page needs it.
      { path: '*', lazy: () => import('./routes/not-found').then((module) => ({ Component: module.NotFoundPage })) },
    ],
  },
];

const createBrowserAppRouter: RouterFactory = (routes) => createBrowserRouter(routes);

/** The stored session's admin flag (a returning member's or admin's); undefined when none is stored. */
function storedIsAdmin(): boolean | undefined {
  const metadata = storedSessionAppMetadata();
  return metadata ? isAdminUser({ app_metadata: metadata }) : undefined;
}

export function AppRouter() {
  const queryClient = useQueryClient();
  const { getClient } = useSupabase();
  const [createRoutes] = useState(() => {
    const factory: RouteFactory = (context) => createAppRoutes(context, { queryClient, getClient });
    return factory;
  });
  return (
    <AuthRouter
      createRoutes={createRoutes}
      createRouter={createBrowserAppRouter}
      storedIsAdmin={storedIsAdmin}
      fallback={<FullPageLoader />}
    />
  );
}
