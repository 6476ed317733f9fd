import { useState } from 'react';
import { EmailField } from '@/components/form/email-field';
import { FormAlert } from '@/components/form/form-alert';
import { SubmitButton } from '@/components/form/submit-button';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useSendTestEmail, type TestEmailResult, type UnsavedSmtpConfig } from '@/data/email/send-test-email';
import { t } from '@/i18n/admin';
import { useZodForm } from '@/lib/form';
import { smtpTestSchema } from '../schemas/smtp.schema';

export type SmtpTestTarget = {
  /** What is tested, for the dialog's description. */
  label: string;
  configId?: string;
  /** The form's values (unsaved, or a stored configuration's edits). */
  config?: UnsavedSmtpConfig;
  /** The stored server, when `config` edits a stored configuration: its password may be reused only for it. */
  stored?: { host: string; port: number; username: string };
};

/** product.md#dashboard-5: a test configuration needs host, port, user name and password. */
export function isTestableConfig(target: SmtpTestTarget): boolean {
  const config = target.config;
  if (!config) return Boolean(target.configId);
  if (!config.host.trim() || !config.port || !config.username.trim()) return false;
  if (config.password) return true;
  const stored = target.stored;
  return Boolean(
    target.configId &&
    stored &&
    stored.host.toLowerCase() === config.host.trim().toLowerCase() &&
    stored.port === config.port &&
    stored.username === config.username.trim(),
  );
}

/** The 'SMTP test' modal: an address, then the server's answer ('Wiadomość testowa została wysłana…' or 'Błąd: …'). */
export function SmtpTestDialog({ target, onClose }: { target: SmtpTestTarget; onClose: () => void }) {
  const send = useSendTestEmail();
  const [result, setResult] = useState<TestEmailResult | null>(null);
  const { register, handleSubmit, formState } = useZodForm(smtpTestSchema, { defaultValues: { to: '' } });

  const onSubmit = handleSubmit(async ({ to }) => {
    setResult(null);
    if (!isTestableConfig(target)) {
      setResult({ ok: false, message: t('validation.smtp.config') });
      return;
    }
    setResult(await send.mutateAsync({ to, configId: target.configId, config: target.config }));
  });

  const pending = formState.isSubmitting;
  return (
    <Dialog open onClose={onClose} title={t('smtp.test.title')} description={target.label} dismissible={!pending}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
        <EmailField error={formState.errors.to?.message} {...register('to')} />
        {result ? <FormAlert tone={result.ok ? 'success' : 'error'}>{result.message}</FormAlert> : null}
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={onClose} disabled={pending}>
            {t('app.close')}
          </Button>
          <div className="w-48">
            <SubmitButton pending={pending} label={t('smtp.test.send')} pendingLabel={t('smtp.test.sending')} />
          </div>
        </div>
      </form>
    </Dialog>
  );
}
