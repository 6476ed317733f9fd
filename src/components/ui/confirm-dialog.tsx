import { t } from '@/i18n/messages';
import { Button } from './button';
import { Dialog } from './dialog';
import { Spinner } from './spinner';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  /** The question, e.g. the spec's 'Czy na pewno chcesz usunąć ten pomysł?'. */
  description?: string;
  confirmLabel: string;
  /** True while the confirmed action runs: both buttons wait, the dialog cannot be dismissed. */
  pending?: boolean;
  /** A failure of the confirmed action, shown in the dialog (role=alert); the dialog stays open. */
  error?: string | null;
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onClose: () => void;
};

/** "Are you sure?" with Cancel first (it gets the focus), the action second. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  pending = false,
  error,
  tone = 'danger',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description} dismissible={!pending}>
      {error ? (
        <p role="alert" className="mt-4 rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="ghost" onClick={onClose} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button variant={tone} onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
          {pending ? <Spinner className="h-4 w-4 border-current border-t-transparent" /> : null}
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
