import { Suspense, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { LoadBoundary, useRetryableLazy } from '@/components/ui/load-boundary';
import { LoadingState } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { AuthPage } from '@/features/auth/components/auth-page';
import { LandingNotice } from '@/features/auth/components/landing-notice';
import { LoginPanel } from '@/features/auth/components/login-panel';
import { referralCodeFromSearch } from '@/features/auth/utils/referral-storage';
import { t } from '@/i18n/messages';
import { useAuth } from '@/lib/auth/auth-context';
import { chunkLoader } from '@/lib/chunk-loader';

/** The registration tab is a chunk of its own, fetched when the tab is hovered, focused or opened. */
export const registerFormChunk = {
  load: () => import('@/features/auth/components/register-form'),
};
const loadRegisterModule = chunkLoader(() => registerFormChunk.load());
const loadRegisterForm = () => loadRegisterModule().then((module) => ({ default: module.RegisterForm }));
const prefetchRegisterForm = () => {
  loadRegisterForm().catch(() => {
    // Opening the tab loads it again and, if that fails too, offers a retry.
  });
};

/** The second-factor step (react-hook-form with it): only accounts with 2FA ever see it. */
export const secondFactorChunk = {
  load: () => import('@/features/auth/components/second-factor-form'),
};
const loadSecondFactorModule = chunkLoader(() => secondFactorChunk.load());
const loadSecondFactorForm = () => loadSecondFactorModule().then((module) => ({ default: module.SecondFactorForm }));

/**
 * A part of the page in a chunk of its own (the registration tab's form, the second-factor step):
 * a failed chunk shows the connection message and a retry, never the crash screen.
 */
function ChunkPart({ load }: { load: () => Promise<{ default: ComponentType }> }) {
  const [Part, retry] = useRetryableLazy(load);
  return (
    <LoadBoundary onRetry={retry}>
      <Suspense fallback={<LoadingState />}>
        <Part />
      </Suspense>
    </LoadBoundary>
  );
}

/**
 * '/': the authentication screen (product.md#account-2) with its two tabs, 'Logowanie' and
 * 'Rejestracja' (the one a referral link opens on), and the notice a redirect left; for a session waiting for its second factor, the
 * 6-digit code instead.
 */
export function Component() {
  const { session, mfaRequired } = useAuth();
  const { search } = useLocation();

  if (session && mfaRequired) {
    return (
      <AuthPage title={t('app.name')}>
        <ChunkPart load={loadSecondFactorForm} />
      </AuthPage>
    );
  }

  return (
    <AuthPage title={t('app.name')}>
      <LandingNotice />
      <Tabs
        label={t('auth.tabs')}
        // A referral link (/?ref=…) is an invitation to join: it opens on 'Rejestracja'.
        defaultTabId={referralCodeFromSearch(search) ? 'register' : 'login'}
        tabs={[
          { id: 'login', label: t('auth.tab.login'), content: <LoginPanel /> },
          {
            id: 'register',
            label: t('auth.tab.register'),
            lazy: true,
            prefetch: prefetchRegisterForm,
            content: <ChunkPart load={loadRegisterForm} />,
          },
        ]}
      />
    </AuthPage>
  );
}
