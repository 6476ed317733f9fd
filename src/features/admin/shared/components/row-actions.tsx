import type { ButtonHTMLAttributes } from 'react';
import { Button } from '@/components/ui/button';
import { t } from '@/i18n/admin';

type RowButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'className' | 'aria-label'> & {
  /** The accessible name naming the row, e.g. 'Edytuj aplikację Kalkulator'. */
  label?: string;
  /** Table rows use the tighter padding. */
  dense?: boolean;
};

/** A row's 'Edytuj' button. */
export function EditButton({ label, dense = false, ...props }: RowButtonProps) {
  return (
    <Button variant="secondary" className={dense ? 'px-2 py-1' : 'px-3 py-1'} aria-label={label} {...props}>
      {t('admin.edit')}
    </Button>
  );
}

/** A row's 'Usuń' button (it opens the confirmation; it deletes nothing itself). */
export function DeleteButton({ label, dense = false, ...props }: RowButtonProps) {
  return (
    <Button variant="ghost-danger" className={dense ? 'px-2 py-1' : 'px-3 py-1'} aria-label={label} {...props}>
      {t('admin.delete')}
    </Button>
  );
}
