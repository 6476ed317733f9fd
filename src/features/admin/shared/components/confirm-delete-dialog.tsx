import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { t } from '@/i18n/admin';
import type { ConfirmDelete } from '../hooks/use-confirm-delete';

/** The 'Usuń' confirmation of a `useConfirmDelete`, open while it has a target. */
export function ConfirmDeleteDialog<T>({
  deletion,
  title,
  description,
  pending,
}: {
  deletion: ConfirmDelete<T>;
  title: string;
  description: string;
  pending: boolean;
}) {
  return (
    <ConfirmDialog
      open
      title={title}
      description={description}
      confirmLabel={t('admin.delete')}
      pending={pending}
      error={deletion.error}
      onConfirm={() => void deletion.confirm()}
      onClose={deletion.close}
    />
  );
}
