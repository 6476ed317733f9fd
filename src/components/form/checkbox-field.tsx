import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { translate } from '@/i18n/messages';

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  label: ReactNode;
  hint?: ReactNode;
  /** A message key (or text) shown under the field. */
  error?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A checkbox with its label to the right (the whole label toggles it). Spread `register('x')` into it. */
export function CheckboxField({ label, hint, error, className, ref, ...props }: CheckboxFieldProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-2">
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          className={`mt-0.5 h-4 w-4 shrink-0 accent-accent ${className ?? ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...props}
        />
        <label htmlFor={inputId} className="text-sm text-ink">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={hintId} className="pl-6 text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="pl-6 text-sm text-danger">
          {translate(error)}
        </p>
      ) : null}
    </div>
  );
}
