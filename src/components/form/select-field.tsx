import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { errorAttributes, FieldShell, inputClassName } from './text-field';

export type SelectOption = { value: string; label: string };

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> & {
  label: ReactNode;
  hint?: ReactNode;
  options: readonly SelectOption[];
  /** A first, empty choice (e.g. 'Wybierz kategorię'); selecting it gives ''. */
  placeholder?: string;
  /** A message key (or text) shown under the field; makes the field aria-invalid. */
  error?: string;
  ref?: Ref<HTMLSelectElement>;
};

/** A labelled native select (keyboard and screen readers for free). Spread `register('name')` into it. */
export function SelectField({ label, hint, options, placeholder, error, className, ref, ...props }: SelectFieldProps) {
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
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
