import { TextareaField } from '@/components/form/textarea-field';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { useClosePrivacyRequest } from '@/data/privacy/close-privacy-request';
import type { PrivacyRequest } from '@/data/privacy/list-privacy-requests';
import { t } from '@/i18n/admin';
import { useZodForm } from '@/lib/form';
import { FormFooter } from '../../shared/components/form-footer';
import { useSubmitFailure } from '../../shared/hooks/use-submit-failure';
import { closeNoteSchema } from '../schemas/privacy-request.schema';

/**
 * 'Zrealizowany' (a request answered outside the app, e.g. a rectification made in the users tab)
 * or 'Odrzuć' (the reason required). Audited.
 */
export function CloseRequestDialog({
  request,
  status,
  onClose,
}: {
  request: PrivacyRequest;
  status: 'completed' | 'refused';
  onClose: () => void;
}) {
  const close = useClosePrivacyRequest();
  const toast = useToast();
  const { error, attempt } = useSubmitFailure('admin.privacy.close_failed');
  const refusing = status === 'refused';
  const { register, handleSubmit, formState } = useZodForm(closeNoteSchema(refusing), {
    defaultValues: { note: '' },
  });

  const onSubmit = handleSubmit(({ note }) =>
    attempt(async () => {
      await close.mutateAsync({ id: request.id, status, note });
      toast.show(t(refusing ? 'admin.privacy.refused' : 'admin.privacy.completed'));
      onClose();
    }),
  );

  return (
    <Dialog
      open
      onClose={onClose}
      title={t(refusing ? 'admin.privacy.refuse_title' : 'admin.privacy.complete_title')}
      description={`${t(`admin.privacy.kind.${request.kind}`)}: ${request.member_email ?? request.requester_email ?? t('admin.privacy.erased_member')}`}
      dismissible={!formState.isSubmitting}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
        <TextareaField
          label={t(refusing ? 'admin.privacy.refuse_note' : 'admin.privacy.close_note')}
          rows={3}
          error={formState.errors.note?.message}
          {...register('note')}
        />
        <FormFooter
          error={error}
          pending={formState.isSubmitting}
          submitWidth="w-40"
          submitLabel={t(refusing ? 'admin.privacy.refuse' : 'admin.privacy.complete')}
          pendingLabel={t('admin.saving')}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
