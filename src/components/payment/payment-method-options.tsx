import { useId, type ReactNode } from 'react';
import type { PaymentMethod } from '@/data/payments/payment-page';
import { translate } from '@/i18n/messages';

export type PaymentMethodOption = {
  method: PaymentMethod;
  label: string;
  description?: string;
  /** What this method costs (already formatted), e.g. "4 497 zł" or a struck-through and a new price. */
  price: ReactNode;
  /** E.g. the '-10% RABATU' badge of ACC. */
  badge?: ReactNode;
  /** A line under the price, e.g. what ACC saves. */
  note?: ReactNode;
};

type PaymentMethodOptionsProps = {
  legend: string;
  options: readonly PaymentMethodOption[];
  value: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
  /** A message key or text (e.g. 'Wybierz metodę płatności'). */
  error?: string | null;
  disabled?: boolean;
};

/**
 * The payment methods of the plans and CCC dialogs: a group of native radio buttons (arrow keys move
 * between them), each a card with the method, its price and an optional badge and note.
 */
export function PaymentMethodOptions({ legend, options, value, onChange, error, disabled }: PaymentMethodOptionsProps) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset className="space-y-3" aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className="mb-2 text-sm font-medium text-ink">{legend}</legend>
      {options.map((option) => {
        const checked = value === option.method;
        const id = `${name}-${option.method}`;
        const described = [
          option.badge ? `${id}-badge` : null,
          option.description ? `${id}-description` : null,
          option.note ? `${id}-note` : null,
          `${id}-price`,
        ].filter(Boolean);
        return (
          <label
            key={option.method}
            className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent ${
              checked ? 'border-accent bg-accent/10' : 'border-surface-border hover:border-ink-faint'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={option.method}
              checked={checked}
              onChange={() => onChange(option.method)}
              aria-labelledby={`${id}-label`}
              aria-describedby={described.join(' ')}
              className="mt-1 h-4 w-4 accent-accent"
            />
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-2">
                <span id={`${id}-label`} className="font-medium text-ink">
                  {option.label}
                </span>
                {option.badge ? <span id={`${id}-badge`}>{option.badge}</span> : null}
              </span>
              {option.description ? (
                <span id={`${id}-description`} className="block text-sm text-ink-muted">
                  {option.description}
                </span>
              ) : null}
              {option.note ? (
                <span id={`${id}-note`} className="block text-sm text-success">
                  {option.note}
                </span>
              ) : null}
            </span>
            <span id={`${id}-price`} className="shrink-0 text-right font-semibold text-ink">
              {option.price}
            </span>
          </label>
        );
      })}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {translate(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
