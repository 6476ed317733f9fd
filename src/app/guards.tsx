import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { FullPageLoader } from '@/components/ui/spinner';
import { EMAIL_CHANGE_QUERY, paths } from '@/config/paths';
import { landingNoticeState } from '@/features/auth/utils/landing-notice';
import { useAuth } from '@/lib/auth/auth-context';
import { authRedirectError } from '@/lib/errors';
import { authErrorMessage } from '@/features/auth/utils/error-messages';

// Only a magic link's landing needs it (and, with it, the query machinery): a chunk of its own.
const MagicLinkExchange = lazy(() =>
  import('@/features/auth/components/magic-link-exchange').then((module) => ({ default: module.MagicLinkExchange })),
);

/**
 * The e-mail change's second link: Auth has already moved the address when the link was opened, and
 * supabase-js 2.109 drops the code verifier of updateUser({ email }) when it saves the session
 * (supabase/supabase-js#2512), so the `code` cannot be exchanged. It is dropped; the settings page
 * reads the profile and refreshes the session.
 */
function DropEmailChangeCode() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const next = new URLSearchParams(params);
  next.delete('code');
  return <Navigate to={{ pathname, search: `?${next.toString()}` }} replace />;
}

/**
 * /dashboard/*: signed-in users only; others go to /. While the session is unknown: a loading
 * state. A magic link's `?code=` is exchanged first (not the e-mail change's); an error Supabase put
 * in the address is shown on /. A session still waiting for its second factor (aal1, 2FA on) goes
 * to / for the code.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { session, loading, mfaRequired } = useAuth();
  const [params] = useSearchParams();
  const { key } = useLocation();
  const code = params.get('code');
  if (code && params.has(EMAIL_CHANGE_QUERY)) return <DropEmailChangeCode />;
  if (code) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <MagicLinkExchange key={key} code={code} />
      </Suspense>
    );
  }
  if (loading) return <FullPageLoader />;
  if (!session) {
    const error = authRedirectError(params);
    const state = error
      ? landingNoticeState({ tone: 'error', text: authErrorMessage(error, 'magic_link') })
      : undefined;
    return <Navigate to={paths.home.path} replace state={state} />;
  }
  if (mfaRequired) return <Navigate to={paths.home.path} replace />;
  return children ?? <Outlet />;
}

/**
 * The landing page: signed-in users go to /dashboard; signed-out visitors stay (with any ?ref), and
 * so does a session that still needs its second factor (the page asks for the code).
 */
export function RedirectIfSignedIn({ children }: { children?: ReactNode }) {
  const { session, loading, mfaRequired } = useAuth();
  if (loading) return <FullPageLoader />;
  if (session && !mfaRequired) return <Navigate to={paths.dashboard.root.path} replace />;
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
