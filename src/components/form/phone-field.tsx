import 'react-phone-number-input/style.css';
import { useId, type Ref } from 'react';
import PhoneInput, { isValidPhoneNumber, parsePhoneNumber } from 'react-phone-number-input/min';
import labels from 'react-phone-number-input/locale/pl';
import { errorAttributes, FieldShell, inputClassName } from './text-field';
import type { MessageKey } from '@/i18n/messages';
import { E164_PHONE_PATTERN } from '@/lib/validation/phone';

/*
 * The phone-input chunk: react-phone-number-input with libphonenumber's MIN metadata (never max),
 * Polish country names, and the flags served by the app itself (vite.config.ts copies
 * country-flag-icons to /flags), not by the library's default third-party host. Loaded on demand
 * (registration tab, profile form), never in the entry chunk.
 */

/** Our copy of the 3:2 flags (vite.config.ts, phoneFlags plugin). */
export const FLAG_URL = `${import.meta.env.BASE_URL}flags/3x2/{XX}.svg`;

/**
 * The form-level phone rules (product.md#account-5), in order: required; the phone-format
 * check (E.164 with 7–15 digits, what the input produces and what the database accepts:
 * lib/validation/phone.ts); parseable; valid for its country.
 */
export function checkPhone(value: string): MessageKey | null {
  if (!value) return 'validation.phone.required';
  if (!E164_PHONE_PATTERN.test(value)) return 'validation.phone.format';
  let parsed: ReturnType<typeof parsePhoneNumber>;
  try {
    parsed = parsePhoneNumber(value);
  } catch {
    parsed = undefined;
  }
  if (!parsed) return 'validation.phone.unverifiable';
  if (!parsed.isValid()) return 'validation.phone.invalid';
  return null;
}

/** The service-level check's "valid" part (the +48 fallback is in utils/registration-rules.ts). */
export function isServicePhoneValid(value: string): boolean {
  try {
    return isValidPhoneNumber(value);
  } catch {
    return false;
  }
}

export type PhoneFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  name: string;
  inputRef: Ref<HTMLInputElement>;
  error?: string;
  disabled?: boolean;
};

/** International phone input with a country selector, PL by default. The value is E.164 ('' when empty). */
export function PhoneField({ label, value, onChange, onBlur, name, inputRef, error, disabled }: PhoneFieldProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  return (
    <FieldShell inputId={inputId} label={label} error={error} errorId={errorId}>
      <PhoneInput
        id={inputId}
        // The library forwards the ref to its <input> (its types say otherwise).
        ref={inputRef as unknown as Ref<never>}
        name={name}
        value={value || undefined}
        onChange={(next) => onChange(next ?? '')}
        onBlur={onBlur}
        disabled={disabled}
        defaultCountry="PL"
        labels={labels}
        flagUrl={FLAG_URL}
        autoComplete="tel"
        className="gap-2"
        numberInputProps={{
          className: `${inputClassName} ${error ? 'border-danger' : 'border-surface-border'}`,
          ...errorAttributes(error, errorId),
        }}
      />
    </FieldShell>
  );
}
