import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { t } from '@/i18n/messages';
import { PASSWORD_RULES } from '@/lib/validation/password';
import { FieldShell, errorAttributes, inputClassName } from './text-field';

type PasswordFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  label: ReactNode;
  error?: string;
  ref?: Ref<HTMLInputElement>;
  /** The value typed so far: with it, Auth's rules are listed under the field, each marked met or not. */
  rulesFor?: string;
};

/**
 * A password input with a show/hide toggle ('Pokaż hasło', pressed while the password shows) and, for a new password,
 * the rules Auth applies listed under it as the member types. Spread `register('password')` into it.
 */
export function PasswordField({ label, error, className, ref, rulesFor, ...props }: PasswordFieldProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell inputId={inputId} label={label} error={error} errorId={errorId}>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          type={visible ? 'text' : 'password'}
          className={`${inputClassName} pr-12 ${error ? 'border-danger' : 'border-surface-border'} ${className ?? ''}`}
          {...errorAttributes(error, errorId)}
          {...props}
        />
        <button
          type="button"
          aria-pressed={visible}
          aria-label={t('password.show')}
          onClick={() => setVisible((shown) => !shown)}
          className="absolute inset-y-1 right-1 flex w-10 items-center justify-center rounded-md text-ink-muted hover:text-ink focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent aria-pressed:text-accent"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
            <circle cx="12" cy="12" r="3" />
            {visible ? null : <path d="M3 3l18 18" />}
          </svg>
        </button>
      </div>
      {rulesFor !== undefined ? (
        <ul aria-label={t('password.rules')} className="grid grid-cols-2 gap-x-3 gap-y-0.5 text-xs">
          {PASSWORD_RULES.map((rule) => {
            const met = rule.test(rulesFor);
            return (
              <li key={rule.key} className={met ? 'text-success' : 'text-ink-muted'} data-met={met}>
                <span aria-hidden="true">{met ? '✓' : '○'} </span>
                {t(rule.key)}
                <span className="sr-only"> ({t(met ? 'password.rule.met' : 'password.rule.unmet')})</span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </FieldShell>
  );
}
