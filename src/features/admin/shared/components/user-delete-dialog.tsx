import { z } from 'zod/mini';
import { TextareaField } from '@/components/form/textarea-field';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { useDeleteUser } from '@/data/users/delete-user';
import type { AdminUser } from '@/data/users/list-users';
import { t } from '@/i18n/admin';
import { useZodForm } from '@/lib/form';
import { FormFooter } from './form-footer';
import { useSubmitFailure } from '../hooks/use-submit-failure';

const deletionSchema = z.object({
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'privacy.reason_required' }),
      z.maxLength(500, { error: 'privacy.reason_too_long' }),
    ),
});

/**
 * The user delete modal ('Usuń użytkownika'): the member's erasure, the same one as their own 'Usuń
 * konto', with the admin's reason (recorded in the audit trail and in 'Wnioski RODO'); `requestId`
 * when it answers an e-mailed erasure request. The database refuses one's own account, a member who
 * holds money and one who waits for a payout; the reason is shown in the dialog, which stays open.
 * The member's files are removed after the commit by the server (remove-stored-files).
 */
export function UserDeleteDialog({
  user,
  requestId = null,
  onClose,
}: {
  user: Pick<AdminUser, 'user_id' | 'email'>;
  requestId?: string | null;
  onClose: () => void;
}) {
  const remove = useDeleteUser();
  const toast = useToast();
  const { error, attempt } = useSubmitFailure('admin.user_delete_failed');
  const { register, handleSubmit, formState } = useZodForm(deletionSchema, { defaultValues: { reason: '' } });

  const onSubmit = handleSubmit(({ reason }) =>
    attempt(async () => {
      await remove.mutateAsync({ userId: user.user_id, reason, requestId });
      toast.show(t('admin.users.deleted', { email: user.email }));
      onClose();
    }),
  );

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('admin.users.delete_title')}
      description={t('admin.users.delete_confirm', { email: user.email })}
      dismissible={!formState.isSubmitting}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-4">
        <TextareaField
          label={t('admin.users.delete_reason')}
          hint={t('admin.users.delete_reason_hint')}
          rows={3}
          error={formState.errors.reason?.message}
          {...register('reason')}
        />
        <FormFooter
          error={error}
          pending={formState.isSubmitting}
          submitWidth="w-40"
          submitLabel={t('admin.users.delete')}
          pendingLabel={t('common.processing')}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
