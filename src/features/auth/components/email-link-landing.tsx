import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { FormAlert } from '@/components/form/form-alert';
import { buttonClassName } from '@/components/ui/button';
import { FullPageLoader } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { EMAIL_CHANGE_QUERY, paths } from '@/config/paths';
import { useEmailLink } from '@/data/auth/verify-email-link';
import { t } from '@/i18n/account';
import { isNetworkError } from '@/lib/errors';
import { landingNoticeState } from '../utils/landing-notice';
import { authErrorMessage } from '../utils/error-messages';
import { AuthPage } from './auth-page';

type EmailLinkLandingProps = { type: 'magiclink' | 'email_change'; tokenHash: string };

/** The address without the link's parameters. */
function useCleanAddress(): string {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete('token_hash');
  params.delete('type');
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

function Offline({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-surface p-4">
      <div className="w-full max-w-md">
        <ErrorState message={authErrorMessage(error, 'magic_link')} onRetry={onRetry} retrying={retrying} />
      </div>
    </main>
  );
}

/**
 * /dashboard?token_hash=…&type=magiclink (product.md#account-2: a magic link lands on
 * /dashboard): verified with Auth before the guard decides, then the link's parameters leave the
 * address and the dashboard shows. A link Auth refuses goes to / with the reason.
 */
function MagicLinkLanding({ tokenHash }: { tokenHash: string }) {
  const link = useEmailLink('magiclink', tokenHash);
  const navigate = useNavigate();
  const clean = useCleanAddress();
  const refused = link.isError && !isNetworkError(link.error);

  useEffect(() => {
    if (link.isSuccess) void navigate(clean, { replace: true });
    else if (refused) {
      void navigate(paths.home.path, {
        replace: true,
        state: landingNoticeState({ tone: 'error', text: authErrorMessage(link.error, 'magic_link') }),
      });
    }
  }, [link.isSuccess, refused, link.error, navigate, clean]);

  if (link.isError && !refused) {
    return <Offline error={link.error} onRetry={() => void link.refetch()} retrying={link.isFetching} />;
  }
  return <FullPageLoader label={t('auth.signing_in')} />;
}

/** What the page the e-mail change leads back to reads after the first of the two links. */
export const FIRST_OF_TWO_CONFIRMED = 'first_of_two_confirmed';

/**
 * /dashboard/settings?email_change=1&token_hash=…&type=email_change (one link per address): the
 * change is confirmed with Auth, then the link's parameters leave the address and the settings page
 * says what happened (`email_change=1`, with `message` when the other address's link is still
 * needed). A link Auth refuses: the reason and a way to the dashboard; no answer: a retry.
 */
function EmailChangeLanding({ tokenHash }: { tokenHash: string }) {
  const link = useEmailLink('email_change', tokenHash);
  const navigate = useNavigate();
  const clean = useCleanAddress();
  const done = link.isSuccess;
  const firstOfTwo = link.isSuccess && !link.data.signedIn;

  useEffect(() => {
    if (!done) return;
    const url = new URL(clean, window.location.origin);
    url.searchParams.set(EMAIL_CHANGE_QUERY, '1');
    if (firstOfTwo) url.searchParams.set('message', FIRST_OF_TWO_CONFIRMED);
    void navigate(`${url.pathname}${url.search}`, { replace: true });
  }, [done, firstOfTwo, clean, navigate]);

  if (link.isError && isNetworkError(link.error)) {
    return <Offline error={link.error} onRetry={() => void link.refetch()} retrying={link.isFetching} />;
  }
  if (!link.isError) return <FullPageLoader label={t('reset.verifying')} />;
  return (
    <AuthPage title={t('auth.email_change.title')}>
      <div className="space-y-4 text-center">
        <FormAlert>{authErrorMessage(link.error, 'email_change')}</FormAlert>
        <Link to={paths.dashboard.root.path} replace className={buttonClassName('primary')}>
          {t('auth.to_dashboard')}
        </Link>
      </div>
    </AuthPage>
  );
}

/** The landing of the e-mail links that lead into the dashboard (magic link, e-mail change). */
export function EmailLinkLanding({ type, tokenHash }: EmailLinkLandingProps) {
  return type === 'magiclink' ? (
    <MagicLinkLanding tokenHash={tokenHash} />
  ) : (
    <EmailChangeLanding tokenHash={tokenHash} />
  );
}
