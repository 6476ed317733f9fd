import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { FullPageLoader } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';

/** /dashboard/*: signed-in users only; others go to /. While the session is unknown: a loading state. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { session, loading } = useAuth();
  if (loading) return <FullPageLoader />;
  if (!session) return <Navigate to={paths.home.path} replace />;
  return children ?? <Outlet />;
}

/** The landing page: signed-in users go to /dashboard; signed-out visitors stay (with any ?ref). */
export function RedirectIfSignedIn({ children }: { children?: ReactNode }) {
  const { session, loading } = useAuth();
  if (loading) return <FullPageLoader />;
  if (session) return <Navigate to={paths.dashboard.root.path} replace />;
  return children ?? <Outlet />;
}

/**
 * Admin routes are registered only for admins (app/router.tsx); this guard is the second line,
 * for the moment between a session change and the router rebuild.
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { isAdmin } = useAuth();
  if (!isAdmin) return <Navigate to={paths.dashboard.root.path} replace />;
  return children ?? <Outlet />;
}
