import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { FullPageLoader } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { landingNoticeState } from '@/features/auth/utils/landing-notice';
import { useAuth } from '@/lib/auth/auth-context';
import { returnPathFrom, returnToState } from '@/lib/auth/return-to';
import { authRedirectError } from '@/lib/auth/auth-errors';
import { authErrorMessage } from '@/features/auth/utils/error-messages';

// Only the e-mail links' landing needs it (and, with it, the query machinery): a chunk of its own.
const EmailLinkLanding = lazy(() =>
  import('@/features/auth/components/email-link-landing').then((module) => ({ default: module.EmailLinkLanding })),
);

/**
 * The e-mail links that lead into the dashboard: `?token_hash=…&type=magiclink` (on /dashboard) and
 * `?token_hash=…&type=email_change` (on the settings page, with its `email_change=1`).
 */
function emailLinkFrom(params: URLSearchParams) {
  const tokenHash = params.get('token_hash')?.trim();
  const type = params.get('type');
  if (!tokenHash || (type !== 'magiclink' && type !== 'email_change')) return null;
  return { tokenHash, type } as const;
}

/**
 * /dashboard/*: signed-in users only; others go to /. While the session is unknown: a loading
 * state. A magic link or e-mail change link is verified first; an error Supabase put in the
 * address is shown on /. A session still waiting for its second factor (aal1, 2FA on) goes to /
 * for the code.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { session, loading, mfaRequired, signedOut } = useAuth();
  const [params] = useSearchParams();
  const location = useLocation();
  const { key } = location;
  const emailLink = emailLinkFrom(params);
  if (emailLink) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <EmailLinkLanding key={key} type={emailLink.type} tokenHash={emailLink.tokenHash} />
      </Suspense>
    );
  }
  if (loading) return <FullPageLoader />;
  if (!session) {
    const error = authRedirectError(params);
    // The page asked for comes back after signing in (lib/auth/return-to.ts); after 'Wyloguj' there
    // is none: the next sign-in opens /dashboard.
    const state = error
      ? landingNoticeState({ tone: 'error', text: authErrorMessage(error, 'magic_link') })
      : signedOut
        ? undefined
        : returnToState(location);
    return <Navigate to={paths.home.path} replace state={state} />;
  }
  if (mfaRequired) return <Navigate to={paths.home.path} replace state={returnToState(location)} />;
  return children ?? <Outlet />;
}

/**
 * The landing page: signed-in users go to the dashboard page they had asked for (carried in the
 * location state), else /dashboard; signed-out visitors stay (with any ?ref), and so does a session
 * that still needs its second factor (the page asks for the code).
 */
export function RedirectIfSignedIn({ children }: { children?: ReactNode }) {
  const { session, loading, mfaRequired } = useAuth();
  const { state } = useLocation();
  if (loading) return <FullPageLoader />;
  if (session && !mfaRequired) return <Navigate to={returnPathFrom(state)} replace />;
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
