import { useState } from 'react';
import { EmailField } from '@/components/form/email-field';
import { FormAlert } from '@/components/form/form-alert';
import { SubmitButton } from '@/components/form/submit-button';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useRequestEmailChange } from '@/data/auth/request-email-change';
import { isMessageKey } from '@/i18n/messages';
import { t } from '@/i18n/settings';
import { useZodForm } from '@/lib/form';
import { emailChangeSchema } from '../schemas/email-change.schema';
import { settingsErrorMessage } from '../utils/error-messages';

/** The server's answers about the address itself (request_email_change, Auth's email_exists). */
const FIELD_KEYS = new Set(['email.required', 'email.invalid', 'email.taken', 'email.same_as_current']);

/**
 * The change-e-mail modal (product.md#dashboard-2, §5, §7): the new address, lower-cased, checked by
 * request_email_change, then Auth sends a confirmation link to the current and to the new address.
 */
export function EmailChangeDialog({ currentEmail, onClose }: { currentEmail: string; onClose: () => void }) {
  const change = useRequestEmailChange();
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useZodForm(emailChangeSchema, {
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      setSentTo(await change.mutateAsync(email));
    } catch (error) {
      const message = settingsErrorMessage(error, 'settings.email_change_failed');
      const key = error instanceof Error && isMessageKey(error.message) ? error.message : null;
      if ((key && FIELD_KEYS.has(key)) || message === t('email.taken')) {
        setError('email', { message }, { shouldFocus: true });
      } else setFailure(message);
    }
  });

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('settings.email.title')}
      description={t('settings.email.description')}
      dismissible={!formState.isSubmitting}
    >
      {sentTo ? (
        <div className="mt-4 space-y-4">
          <FormAlert tone="success">{t('settings.email.sent', { current: currentEmail, next: sentTo })}</FormAlert>
          <div className="flex justify-end">
            <Button onClick={onClose}>{t('app.close')}</Button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
          <EmailField label={t('settings.email.new')} error={formState.errors.email?.message} {...register('email')} />
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={onClose} disabled={formState.isSubmitting}>
              {t('common.cancel')}
            </Button>
            <div>
              <SubmitButton
                pending={formState.isSubmitting}
                label={t('settings.email.submit')}
                pendingLabel={t('settings.email.sending')}
              />
            </div>
          </div>
        </form>
      )}
    </Dialog>
  );
}
