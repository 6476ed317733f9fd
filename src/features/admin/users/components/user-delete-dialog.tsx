import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { useDeleteUser } from '@/data/users/delete-user';
import type { AdminUser } from '@/data/users/list-users';
import { t } from '@/i18n/admin';
import { pluralKey } from '@/lib/plural';
import { FILES_LEFT } from '@/lib/storage';
import { adminErrorMessage } from '../../shared/utils/errors';

/**
 * The user delete modal. The database refuses one's own account, a member who holds money and one
 * who waits for a payout; the reason is shown in the dialog. Files that could not be removed are
 * reported after the account is gone.
 */
export function UserDeleteDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const remove = useDeleteUser();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setError(null);
    try {
      const { leftovers } = await remove.mutateAsync(user.user_id);
      toast.show(t('admin.users.deleted', { email: user.email }));
      if (leftovers.length > 0)
        toast.show(t(pluralKey(leftovers.length, FILES_LEFT), { count: leftovers.length }), 'error');
      onClose();
    } catch (failure) {
      setError(adminErrorMessage(failure, 'admin.user_delete_failed'));
    }
  };

  return (
    <ConfirmDialog
      open
      title={t('admin.users.delete_title')}
      description={t('admin.users.delete_confirm', { email: user.email })}
      confirmLabel={t('admin.users.delete')}
      pending={remove.isPending}
      error={error}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
