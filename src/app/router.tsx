import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RouteErrorScreen } from '@/components/layout/route-error-screen';
import { FullPageLoader } from '@/components/ui/spinner';
import { ADMIN_LANDING, paths } from '@/config/paths';
import { AuthRouter, type RouteFactory, type RouterFactory } from '@/lib/auth/auth-router';
import { RedirectIfSignedIn, RequireAdmin, RequireAuth } from './guards';
import { RootLayout } from './root-layout';
import * as landing from './routes/landing';
import { sectionLoader } from './section-loaders';

const { dashboard } = paths;

/** The admin area: registered only for admins. Each tab is its own chunk. */
function adminRoute(): RouteObject {
  return {
    path: dashboard.admin.root.segment,
    element: <RequireAdmin />,
    children: [
      {
        lazy: () => import('./routes/dashboard/admin/layout'),
        children: [
          { index: true, element: <Navigate to={ADMIN_LANDING.segment} replace /> },
          { path: dashboard.admin.users.segment, lazy: () => import('./routes/dashboard/admin/users') },
          { path: dashboard.admin.apps.segment, lazy: () => import('./routes/dashboard/admin/apps') },
          { path: dashboard.admin.ideas.segment, lazy: () => import('./routes/dashboard/admin/ideas') },
          {
            path: dashboard.admin.announcements.segment,
            lazy: () => import('./routes/dashboard/admin/announcements'),
          },
          {
            path: dashboard.admin.community.segment,
            lazy: () => import('./routes/dashboard/admin/community'),
          },
          { path: dashboard.admin.seo.segment, lazy: () => import('./routes/dashboard/admin/seo') },
          { path: dashboard.admin.smtp.segment, lazy: () => import('./routes/dashboard/admin/smtp') },
          {
            path: dashboard.admin.emailTemplates.segment,
            lazy: () => import('./routes/dashboard/admin/email-templates'),
          },
          { path: dashboard.admin.withdrawals.segment, lazy: () => import('./routes/dashboard/admin/withdrawals') },
          { path: dashboard.admin.payments.segment, lazy: () => import('./routes/dashboard/admin/payments') },
          { path: dashboard.admin.revenue.segment, lazy: () => import('./routes/dashboard/admin/revenue') },
          {
            path: dashboard.admin.paymentLinks.segment,
            lazy: () => import('./routes/dashboard/admin/payment-links'),
          },
          { path: dashboard.admin.catalogue.segment, lazy: () => import('./routes/dashboard/admin/catalogue') },
          { path: dashboard.admin.payouts.segment, lazy: () => import('./routes/dashboard/admin/payouts') },
          { path: dashboard.admin.audit.segment, lazy: () => import('./routes/dashboard/admin/audit') },
        ],
      },
    ],
  };
}

/**
 * The complete route map of both spec files. Every page is a lazy chunk except the landing page and
 * the guards; `admin/*` exists only when `isAdmin`.
 */
export const createAppRoutes: RouteFactory = ({ isAdmin }) => [
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
            lazy: () => import('./routes/dashboard/layout'),
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

export function AppRouter() {
  return (
    <AuthRouter createRoutes={createAppRoutes} createRouter={createBrowserAppRouter} fallback={<FullPageLoader />} />
  );
}
