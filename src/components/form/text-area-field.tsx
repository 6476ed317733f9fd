import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { errorAttributes, FieldShell, inputClassName } from './text-field';

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  /** A message key (or text) shown under the field; makes the field aria-invalid. */
  error?: string;
  ref?: Ref<HTMLTextAreaElement>;
};

/** A labelled multi-line input, the textarea twin of TextField. Spread `register('name')` into it. */
export function TextAreaField({ label, hint, error, className, rows = 4, ref, ...props }: TextAreaFieldProps) {
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
