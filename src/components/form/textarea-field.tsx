import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { errorAttributes, FieldShell, inputClassName } from './text-field';

type TextareaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  /** A message key (or text) shown under the field. */
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
};

/** A labelled multi-line input with the field's error. Spread `register('x')` into it. */
export function TextareaField({ label, hint, error, className, rows = 4, ref, ...props }: TextareaFieldProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  return (
    <FieldShell inputId={inputId} label={label} hint={hint} error={error} errorId={errorId}>
      <textarea
        ref={ref}
        id={inputId}
        rows={rows}
        className={`${inputClassName} resize-y ${error ? 'border-danger' : 'border-surface-border'} ${className ?? ''}`}
        {...errorAttributes(error, errorId)}
        {...props}
      />
    </FieldShell>
  );
}
