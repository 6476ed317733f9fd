import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod/mini';
import { FormAlert } from '@/components/form/form-alert';
import { OneTimeCodeField } from '@/components/form/one-time-code-field';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog } from '@/components/ui/dialog';
import { LoadingState, Spinner } from '@/components/ui/spinner';
import { useCancelTotp, useEnrollTotp, type TotpEnrolment } from '@/data/auth/enroll-totp';
import { useVerifyTotp } from '@/data/auth/verify-totp';
import { t } from '@/i18n/settings';
import { authErrorCode, isNetworkError } from '@/lib/errors';
import { useZodForm } from '@/lib/form';
import { oneTimeCode } from '@/lib/validation/one-time-code';

/** A failed enrolment or first verification: the network's text, or the step's own. */
function setupErrorMessage(
  error: unknown,
  fallback: 'settings.two_factor_setup_failed' | 'settings.two_factor_verify_failed',
): string {
  return isNetworkError(error) ? t('network.failure') : t(fallback);
}

const codeSchema = z.object({ code: oneTimeCode() });

type TwoFactorSetupDialogProps = {
  /** Factors of an earlier set-up that was never finished (removed before enrolling). */
  staleFactorIds: readonly string[];
  onClose: () => void;
  onEnabled: () => void;
};

/**
 * Turning 2FA on (a chunk of its own with qrcode.react, loaded when shown): the settings toggle and
 * the admin area's required set-up (an admin without a factor) both use it.
 * Auth enrols a TOTP factor; the QR code of its otpauth URI and the secret are shown for the
 * authenticator app; the code field's button waits for a code; a wrong code says 'Nieprawidłowy kod'.
 * Closing before the code is verified removes the half-made factor.
 */
export function TwoFactorSetupDialog({ staleFactorIds, onClose, onEnabled }: TwoFactorSetupDialogProps) {
  const enroll = useEnrollTotp();
  const cancel = useCancelTotp();
  const verify = useVerifyTotp();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  const { register, handleSubmit, formState, watch, setValue, setFocus } = useZodForm(codeSchema, {
    defaultValues: { code: '' },
  });
  const code = watch('code');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    enroll.mutate(staleFactorIds, {
      onSuccess: setEnrolment,
      onError: (error) => setFailure(setupErrorMessage(error, 'settings.two_factor_setup_failed')),
    });
  }, [enroll, staleFactorIds]);

  useEffect(() => {
    if (enrolment) setFocus('code');
  }, [enrolment, setFocus]);

  const close = () => {
    if (enrolment) cancel.mutate(enrolment.factorId);
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    if (!enrolment) return;
    setFailure(null);
    try {
      await verify.mutateAsync({ factorId: enrolment.factorId, code: values.code });
      onEnabled();
    } catch (error) {
      setFailure(
        authErrorCode(error) === 'mfa_verification_failed'
          ? t('validation.two_factor.invalid_code')
          : setupErrorMessage(error, 'settings.two_factor_verify_failed'),
      );
      setValue('code', '');
      setFocus('code');
    }
  });

  return (
    <Dialog
      open
      onClose={close}
      title={t('settings.two_factor.setup_title')}
      description={t('settings.two_factor.setup_description')}
      dismissible={!formState.isSubmitting}
    >
      {!enrolment ? (
        <div className="mt-4 space-y-4">
          {failure ? <FormAlert>{failure}</FormAlert> : <LoadingState label={t('settings.two_factor.preparing')} />}
          <div className="flex justify-end">
            <Button variant="ghost" onClick={close}>
              {t('common.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
          <div className="flex justify-center rounded-lg bg-white p-4">
            <QRCodeSVG
              value={enrolment.uri}
              size={192}
              title={t('settings.two_factor.qr')}
              role="img"
              aria-label={t('settings.two_factor.qr')}
            />
          </div>
          <div className="space-y-1">
            <p className="text-sm text-ink-muted">{t('settings.two_factor.secret')}</p>
            <p
              data-testid="totp-secret"
              className="break-all rounded-lg bg-surface-overlay px-3 py-2 font-mono text-sm text-ink"
            >
              {enrolment.secret}
            </p>
            <CopyButton text={enrolment.secret} what={t('settings.two_factor.copy_secret')} />
          </div>
          <OneTimeCodeField
            label={t('settings.two_factor.code')}
            error={formState.errors.code?.message}
            {...register('code')}
          />
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <div className="flex justify-end gap-3">
            <Button variant="ghost" onClick={close} disabled={formState.isSubmitting}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              disabled={code.trim() === '' || formState.isSubmitting}
              aria-busy={formState.isSubmitting || undefined}
            >
              {formState.isSubmitting ? (
                <Spinner className="h-4 w-4 border-accent-contrast border-t-transparent" />
              ) : null}
              {formState.isSubmitting ? t('settings.two_factor.verifying') : t('settings.two_factor.verify')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
