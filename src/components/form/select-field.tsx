import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { errorAttributes, FieldShell, inputClassName } from './text-field';

export type SelectOption = { value: string; label: string; disabled?: boolean };

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> & {
  label: ReactNode;
  hint?: ReactNode;
  /** A message key (or text) shown under the field. */
  error?: string;
  options: readonly SelectOption[];
  /** A first, empty choice (e.g. 'Wybierz…'); its value is ''. */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
};

/** A labelled native select with the field's error (aria-invalid, aria-describedby). Spread `register('x')` into it. */
export function SelectField({ label, hint, error, options, placeholder, className, ref, ...props }: SelectFieldProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  return (
    <FieldShell inputId={inputId} label={label} hint={hint} error={error} errorId={errorId}>
      <select
        ref={ref}
        id={inputId}
        className={`${inputClassName} ${error ? 'border-danger' : 'border-surface-border'} ${className ?? ''}`}
        {...errorAttributes(error, errorId)}
        {...props}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
