import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RouteErrorScreen } from '@/components/layout/route-error-screen';
import { FullPageLoader } from '@/components/ui/spinner';
import { ADMIN_LANDING, paths } from '@/config/paths';
import { isAdminUser } from '@/lib/auth/auth-context';
import { AuthRouter, type RouteFactory, type RouterFactory } from '@/lib/auth/auth-router';
import { storedSessionAppMetadata } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { RedirectIfSignedIn, RequireAdmin, RequireAuth } from './guards';
import { RootLayout } from './root-layout';
import * as landing from './routes/landing';
import { sectionLoader } from './section-loaders';
import type { ShellReadsContext } from './shell-reads';

const { dashboard } = paths;
const { admin } = dashboard;

/** The admin area: registered only for admins. Each tab is its own chunk (section-loaders.ts). */
function adminRoute(): RouteObject {
  return {
    path: admin.root.segment,
    element: <RequireAdmin />,
    children: [
      {
        lazy: () => import('./routes/dashboard/admin/layout'),
        children: [
          { index: true, element: <Navigate to={ADMIN_LANDING.segment} replace /> },
          { path: admin.users.segment, lazy: sectionLoader(admin.users.path) },
          { path: admin.apps.segment, lazy: sectionLoader(admin.apps.path) },
          { path: admin.ideas.segment, lazy: sectionLoader(admin.ideas.path) },
          { path: admin.announcements.segment, lazy: sectionLoader(admin.announcements.path) },
          { path: admin.community.segment, lazy: sectionLoader(admin.community.path) },
          { path: admin.seo.segment, lazy: sectionLoader(admin.seo.path) },
          { path: admin.smtp.segment, lazy: sectionLoader(admin.smtp.path) },
          { path: admin.emailTemplates.segment, lazy: sectionLoader(admin.emailTemplates.path) },
          { path: admin.withdrawals.segment, lazy: sectionLoader(admin.withdrawals.path) },
          { path: admin.payments.segment, lazy: sectionLoader(admin.payments.path) },
          { path: admin.revenue.segment, lazy: sectionLoader(admin.revenue.path) },
          { path: admin.paymentLinks.segment, lazy: sectionLoader(admin.paymentLinks.path) },
          { path: admin.catalogue.segment, lazy: sectionLoader(admin.catalogue.path) },
          { path: admin.payouts.segment, lazy: sectionLoader(admin.payouts.path) },
          { path: admin.audit.segment, lazy: sectionLoader(admin.audit.path) },
        ],
      },
    ],
  };
}

/**
 * The complete route map of both spec files. Every page is a lazy chunk except the landing page and
 * the guards; `admin/*` exists only when `isAdmin`. With `shell` (the app's clients), the /dashboard
 * shell has a loader that starts its first reads beside its chunks (shell-reads.ts).
 */
export const createAppRoutes = ({ isAdmin }: { isAdmin: boolean }, shell?: ShellReadsContext): RouteObject[] => [
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
            children: [
              { index: true, lazy: sectionLoader(dashboard.root.path) },
              { path: dashboard.apps.segment, lazy: sectionLoader(dashboard.apps.path) },
              { path: dashboard.ideas.segment, lazy: sectionLoader(dashboard.ideas.path) },
              { path: dashboard.submitIdea.segment, lazy: sectionLoader(dashboard.submitIdea.path) },
              { path: dashboard.community.segment, lazy: sectionLoader(dashboard.community.path) },
              { path: dashboard.wallet.segment, lazy: sectionLoader(dashboard.wallet.path) },
              { path: dashboard.settings.segment, lazy: sectionLoader(dashboard.settings.path) },
              { path: dashboard.referral.segment, lazy: sectionLoader(dashboard.referral.path) },
              { path: dashboard.ccc.segment, lazy: sectionLoader(dashboard.ccc.path) },
              { path: dashboard.investments.segment, lazy: sectionLoader(dashboard.investments.path) },
              ...(isAdmin ? [adminRoute()] : []),
            ],
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
