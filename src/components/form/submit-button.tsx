import { Spinner } from '@/components/ui/spinner';
import { buttonClassName } from '@/components/ui/button';

type SubmitButtonProps = {
  pending: boolean;
  label: string;
  /** The text while pending ('Rejestracja...', 'Logowanie...'). */
  pendingLabel: string;
  disabled?: boolean;
};

/** A form's submit button with its pending state (disabled, aria-busy, the pending text). */
export function SubmitButton({ pending, label, pendingLabel, disabled = false }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      className={buttonClassName('primary', 'w-full py-2.5')}
    >
      {pending ? <Spinner className="h-4 w-4 border-accent-contrast border-t-transparent" /> : null}
      {pending ? pendingLabel : label}
    </button>
  );
}
