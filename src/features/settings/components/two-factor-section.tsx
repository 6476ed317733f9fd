import { lazy, Suspense, useId, useState } from 'react';
import { TotpStepUp } from '@/components/mfa/totp-step-up';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { QueryStates } from '@/components/ui/query-states';
import { LoadingState } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { needsStepUp, useMfaStatus } from '@/data/auth/mfa-status';
import { useDisableTotp } from '@/data/auth/two-factor';
import { t } from '@/i18n/settings';
import { authErrorCode } from '@/lib/errors';
import { settingsErrorMessage } from '../utils/error-messages';

// qrcode.react is in this chunk: loaded only when 2FA is being switched on.
const TwoFactorSetupDialog = lazy(() =>
  import('@/components/mfa/two-factor-setup-dialog').then((module) => ({ default: module.TwoFactorSetupDialog })),
);

type Step = 'idle' | 'setup' | 'confirm-disable' | 'step-up';

/**
 * The two-factor toggle (product.md#dashboard-2, §4): its state comes from Supabase Auth MFA. On: the
 * set-up dialog. Off: 'Czy na pewno chcesz wyłączyć weryfikację dwuetapową?', then (for an aal1
 * session) the code, then the factor is removed.
 */
export function TwoFactorSection() {
  const labelId = useId();
  const descriptionId = useId();
  const status = useMfaStatus();
  const disable = useDisableTotp();
  const toast = useToast();
  const [step, setStep] = useState<Step>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const enabled = Boolean(status.data?.verifiedFactorId);

  const removeFactor = async () => {
    const factorId = status.data?.verifiedFactorId;
    if (!factorId) return;
    setFailure(null);
    try {
      await disable.mutateAsync(factorId);
      setStep('idle');
      toast.show(t('settings.two_factor.disabled'));
    } catch (error) {
      if (authErrorCode(error) === 'insufficient_aal') {
        setStep('step-up');
        return;
      }
      setStep('confirm-disable');
      setFailure(settingsErrorMessage(error, 'settings.two_factor_disable_failed'));
    }
  };

  const confirmDisable = () => {
    if (needsStepUp(status.data)) setStep('step-up');
    else void removeFactor();
  };

  const toggle = () => {
    setFailure(null);
    setStep(enabled ? 'confirm-disable' : 'setup');
  };

  return (
    <div className="space-y-3">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h3 id={labelId} className="text-base font-semibold text-ink">
            {t('settings.two_factor.title')}
          </h3>
          <p id={descriptionId} className="text-sm text-ink-muted">
            {t('settings.two_factor.description')}
          </p>
        </div>
        {status.isPending ? null : (
          <button
            type="button"
            role="switch"
            aria-checked={enabled}
            aria-labelledby={labelId}
            aria-describedby={descriptionId}
            disabled={status.isError || disable.isPending}
            onClick={toggle}
            className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border transition-colors focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-50 ${
              enabled ? 'border-accent bg-accent' : 'border-surface-border bg-surface-overlay'
            }`}
          >
            <span
              aria-hidden="true"
              className={`inline-block h-5 w-5 rounded-full shadow transition-transform ${
                enabled ? 'translate-x-6 bg-accent-contrast' : 'translate-x-1 bg-ink-muted'
              }`}
            />
          </button>
        )}
      </div>
      <QueryStates query={status} loading={<LoadingState />} errorMessage={t('settings.fetch_failed')}>
        {() => (
          <p className="text-sm font-medium text-ink">
            {enabled ? t('settings.two_factor.on') : t('settings.two_factor.off')}
          </p>
        )}
      </QueryStates>

      {step === 'setup' ? (
        <Suspense
          fallback={
            <Dialog open onClose={() => setStep('idle')} title={t('settings.two_factor.setup_title')}>
              <LoadingState label={t('settings.two_factor.preparing')} />
            </Dialog>
          }
        >
          <TwoFactorSetupDialog
            staleFactorIds={status.data?.unverifiedFactorIds ?? []}
            onClose={() => setStep('idle')}
            onEnabled={() => {
              setStep('idle');
              toast.show(t('settings.two_factor.enabled'));
            }}
          />
        </Suspense>
      ) : null}

      <ConfirmDialog
        open={step === 'confirm-disable'}
        title={t('settings.two_factor.disable_title')}
        description={t('settings.two_factor.disable_confirm')}
        confirmLabel={t('settings.two_factor.disable')}
        pending={disable.isPending}
        error={failure}
        onConfirm={confirmDisable}
        onClose={() => setStep('idle')}
      />

      <Dialog open={step === 'step-up'} onClose={() => setStep('idle')} title={t('settings.two_factor.disable_title')}>
        {step === 'step-up' && status.data?.verifiedFactorId ? (
          <div className="mt-4">
            <TotpStepUp
              factorId={status.data.verifiedFactorId}
              description={t('settings.two_factor.step_up_disable')}
              onVerified={() => void removeFactor()}
              onCancel={() => setStep('idle')}
            />
          </div>
        ) : null}
      </Dialog>
    </div>
  );
}
