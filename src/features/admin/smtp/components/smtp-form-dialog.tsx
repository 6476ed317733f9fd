import { useState } from 'react';
import { CheckboxField } from '@/components/form/checkbox-field';
import { TextField } from '@/components/form/text-field';
import { UnsavedChangesPrompt } from '@/components/form/unsaved-changes-prompt';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import type { SmtpConfig } from '@/data/email/list-smtp-configs';
import { useSaveSmtpConfig } from '@/data/email/save-smtp-config';
import { t } from '@/i18n/admin';
import { useZodForm } from '@/lib/form';
import { FormFooter } from '../../shared/components/form-footer';
import { adminErrorMessage } from '../../shared/utils/errors';
import { createSmtpSchema } from '../schemas/smtp.schema';
import { SmtpTestDialog, type SmtpTestTarget } from './smtp-test-dialog';

/** The default port (product.md#dashboard-9: "default SMTP port 587, secure at 465"). */
export const DEFAULT_SMTP_PORT = 587;

/**
 * Create or edit an SMTP configuration. The stored password is never shown: the field is empty and
 * says that leaving it empty keeps it. "Test" sends through the values in the form, unsaved.
 */
export function SmtpFormDialog({ config, onClose }: { config: SmtpConfig | null; onClose: () => void }) {
  const save = useSaveSmtpConfig();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const [testing, setTesting] = useState<SmtpTestTarget | null>(null);
  const { register, handleSubmit, formState, watch, getValues } = useZodForm(
    createSmtpSchema({ passwordRequired: config === null || config.password === null }),
    {
      defaultValues: {
        name: config?.name ?? '',
        host: config?.host ?? '',
        port: String(config?.port ?? DEFAULT_SMTP_PORT),
        username: config?.username ?? '',
        password: '',
        fromEmail: config?.from_email ?? '',
        fromName: config?.from_name ?? '',
        isDefault: config?.is_default ?? false,
      },
    },
  );
  const errors = formState.errors;
  const port = Number(watch('port'));

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await save.mutateAsync({ id: config?.id ?? null, ...values, port: Number(values.port) });
      toast.show(t('smtp.saved'));
      onClose();
    } catch (failure) {
      setError(adminErrorMessage(failure, 'smtp.save_failed'));
    }
  });

  const openTest = () => {
    const values = getValues();
    setTesting({
      label: t('smtp.test.unsaved', { host: values.host || '—' }),
      configId: config?.id,
      stored: config ? { host: config.host, port: config.port, username: config.username } : undefined,
      config: {
        host: values.host.trim(),
        port: Number(values.port),
        username: values.username.trim(),
        password: values.password,
        fromEmail: values.fromEmail.trim(),
        fromName: values.fromName.trim(),
      },
    });
  };

  const pending = formState.isSubmitting;
  return (
    <>
      <Dialog
        open={testing === null}
        onClose={onClose}
        title={config ? t('smtp.edit_title') : t('smtp.create_title')}
        size="lg"
        dismissible={!pending}
      >
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
          <UnsavedChangesPrompt dirty={formState.isDirty && !pending} />
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              label={t('smtp.field.name')}
              hint={t('smtp.field.name_hint')}
              error={errors.name?.message}
              {...register('name')}
            />
            <TextField
              label={t('smtp.field.host')}
              autoComplete="off"
              error={errors.host?.message}
              {...register('host')}
            />
            <TextField
              label={t('smtp.field.port')}
              type="number"
              inputMode="numeric"
              min={1}
              max={65535}
              hint={port === 465 ? t('smtp.secure.tls') : t('smtp.secure.starttls')}
              error={errors.port?.message}
              {...register('port')}
            />
            <TextField
              label={t('smtp.field.username')}
              autoComplete="off"
              error={errors.username?.message}
              {...register('username')}
            />
            <TextField
              label={t('smtp.field.password')}
              type="password"
              autoComplete="new-password"
              placeholder={config?.password ? config.password : undefined}
              hint={config?.password ? t('smtp.field.password_keep') : undefined}
              error={errors.password?.message}
              {...register('password')}
            />
            <TextField
              label={t('smtp.field.from_email')}
              type="email"
              error={errors.fromEmail?.message}
              {...register('fromEmail')}
            />
            <TextField label={t('smtp.field.from_name')} error={errors.fromName?.message} {...register('fromName')} />
          </div>
          <CheckboxField
            label={t('smtp.field.is_default')}
            hint={t('smtp.field.is_default_hint')}
            {...register('isDefault')}
          />
          <FormFooter error={error} pending={pending} submitWidth="w-40" onCancel={onClose} wrap>
            <Button variant="secondary" onClick={openTest} disabled={pending}>
              {t('smtp.test.open')}
            </Button>
          </FormFooter>
        </form>
      </Dialog>
      {testing ? <SmtpTestDialog target={testing} onClose={() => setTesting(null)} /> : null}
    </>
  );
}
