import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { TotpStepUp } from '@/components/mfa/totp-step-up';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingState } from '@/components/ui/spinner';
import { ErrorState, Skeleton } from '@/components/ui/states';
import { paths } from '@/config/paths';
import { useMfaStatus } from '@/data/auth/mfa-status';
import { t } from '@/i18n/admin';
import { assuranceOf } from '@/lib/auth/assurance';
import { useAuth } from '@/lib/auth/auth-context';

// qrcode.react comes with the set-up dialog: loaded only for an admin who has no factor yet.
const TwoFactorSetupDialog = lazy(() =>
  import('@/components/mfa/two-factor-setup-dialog').then((module) => ({ default: module.TwoFactorSetupDialog })),
);

/** An admin without a second factor: the area opens only after one is set up (settings' set-up dialog). */
function AdminEnrolment({ staleFactorIds, onEnabled }: { staleFactorIds: readonly string[]; onEnabled: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Card title={t('admin.mfa.enrol_title')} className="max-w-md">
      <div className="space-y-4">
        <p className="text-sm text-ink-muted">{t('admin.mfa.enrol_description')}</p>
        <Button onClick={() => setOpen(true)}>{t('admin.mfa.enrol_button')}</Button>
      </div>
      {open ? (
        <Suspense fallback={<LoadingState label={t('settings.two_factor.preparing')} />}>
          <TwoFactorSetupDialog
            staleFactorIds={staleFactorIds}
            onClose={() => setOpen(false)}
            onEnabled={() => {
              setOpen(false);
              onEnabled();
            }}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}

/**
 * The admin area's second-factor rule, mirrored from the database (private.is_admin: every admin
 * right needs an aal2 session). An aal2 session goes straight in. Otherwise the factors as Auth
 * knows them now (data/auth/mfa-status.ts): with a verified factor, its 6-digit code (the member side's step-up);
 * without one, the set-up first. Once the session is aal2, everything read at aal1 is read again.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { session } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const aal2 = assuranceOf(session).currentLevel === 'aal2';
  const status = useMfaStatus();

  const refresh = () => {
    // Every domain's admin reads (refused at aal1) are read again.
    void queryClient.invalidateQueries();
  };

  if (aal2) return children;
  if (status.isPending) return <Skeleton className="h-40" label={t('app.loading')} />;
  if (status.isError) {
    return (
      <ErrorState
        message={t('admin.mfa.status_failed')}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );
  }
  const factorId = status.data.verifiedFactorId;
  if (!factorId) return <AdminEnrolment staleFactorIds={status.data.unverifiedFactorIds} onEnabled={refresh} />;
  return (
    <Card title={t('admin.mfa.title')} className="max-w-md">
      <TotpStepUp
        factorId={factorId}
        description={t('admin.mfa.description')}
        onVerified={refresh}
        onCancel={() => void navigate(paths.dashboard.root.path)}
      />
    </Card>
  );
}
