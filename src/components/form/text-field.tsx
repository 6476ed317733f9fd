import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { translate } from '@/i18n/messages';

export const inputClassName =
  'w-full rounded-lg border bg-surface px-3 py-2 text-ink placeholder:text-ink-faint ' +
  'focus:border-accent focus:outline-none disabled:opacity-60';

type FieldShellProps = {
  /** The id of the control the label points at. */
  inputId: string;
  label: ReactNode;
  hint?: ReactNode;
  /** A message key (or text) to show under the field. */
  error?: string;
  errorId: string;
  children: ReactNode;
};

/** Label, control, and the field's error under it (its id is the control's aria-describedby). */
export function FieldShell({ inputId, label, hint, error, errorId, children }: FieldShellProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="block text-sm font-medium text-ink">
        {label}
        {hint ? <span className="font-normal text-ink-muted"> {hint}</span> : null}
      </label>
      {children}
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {translate(error)}
        </p>
      ) : null}
    </div>
  );
}

/** The a11y attributes of a control with an optional error: aria-invalid and aria-describedby. */
export function errorAttributes(error: string | undefined, errorId: string) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  } as const;
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A labelled input. With an error: aria-invalid, and the error text (a catalogue key or a text) is
 * the input's description. Spread `register('name')` into it.
 */
export function TextField({ label, hint, error, className, ref, ...props }: TextFieldProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  return (
    <FieldShell inputId={inputId} label={label} hint={hint} error={error} errorId={errorId}>
      <input
        ref={ref}
        id={inputId}
        className={`${inputClassName} ${error ? 'border-danger' : 'border-surface-border'} ${className ?? ''}`}
        {...errorAttributes(error, errorId)}
        {...props}
      />
    </FieldShell>
  );
}
