import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { FormAlert } from '@/components/form/form-alert';
import { buttonClassName } from '@/components/ui/button';
import { FullPageLoader } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { t } from '@/i18n/messages';
import { isNetworkError } from '@/lib/errors';
import { useRedirectAfter } from '@/lib/use-redirect-after';
import { useEmailLink } from '../api/verify-email-link';
import { landingNoticeState } from '../utils/landing-notice';
import { authErrorMessage } from '../utils/error-messages';
import { AuthPage } from './auth-page';

/** account-and-access.md §9 uses 2 s for the account pages' redirects; the e-mail change does too. */
export const EMAIL_CHANGE_REDIRECT_MS = 2_000;

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
 * /dashboard?token_hash=…&type=magiclink (account-and-access.md §2: a magic link lands on
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

/**
 * /dashboard?token_hash=…&type=email_change (the links of an e-mail change, one per address): the
 * change is confirmed with Auth. Done → 'Adres email został zmieniony', then /dashboard after 2 s;
 * one of two addresses confirmed → the other link is still needed; refused → the reason.
 */
function EmailChangeLanding({ tokenHash }: { tokenHash: string }) {
  const link = useEmailLink('email_change', tokenHash);
  const clean = useCleanAddress();
  const done = link.isSuccess && link.data.signedIn;
  useRedirectAfter(EMAIL_CHANGE_REDIRECT_MS, done ? { to: clean } : null);

  if (link.isPending) return <FullPageLoader label={t('reset.verifying')} />;
  if (link.isError && isNetworkError(link.error)) {
    return <Offline error={link.error} onRetry={() => void link.refetch()} retrying={link.isFetching} />;
  }
  return (
    <AuthPage title={t('auth.email_change.title')}>
      <div className="space-y-4 text-center">
        {link.isError ? (
          <FormAlert>{authErrorMessage(link.error, 'email_change')}</FormAlert>
        ) : (
          <FormAlert tone="success">
            {done ? t('auth.email_change.confirmed') : t('auth.email_change.confirm_other')}
          </FormAlert>
        )}
        {done ? <p className="text-sm text-ink-muted">{t('activation.redirect_dashboard')}</p> : null}
        <Link to={paths.dashboard.root.path} replace className={buttonClassName('primary')}>
          {t('auth.to_dashboard')}
        </Link>
      </div>
    </AuthPage>
  );
}

/** The landing of the e-mail links that point at /dashboard (magic link, e-mail change). */
export function EmailLinkLanding({ type, tokenHash }: EmailLinkLandingProps) {
  return type === 'magiclink' ? (
    <MagicLinkLanding tokenHash={tokenHash} />
  ) : (
    <EmailChangeLanding tokenHash={tokenHash} />
  );
}
