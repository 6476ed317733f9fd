import { t } from '@/i18n/wallet';
import { classifyError } from '@/lib/errors';

type WithdrawalField = 'amount' | 'network' | 'address';

/** The server's answers that belong to a field (request_withdrawal's error keys). */
const FIELD_OF_KEY: Partial<Record<string, WithdrawalField>> = {
  'wallet.invalid_amount': 'amount',
  'wallet.insufficient_funds': 'amount',
  'wallet.below_minimum': 'amount',
  'wallet.invalid_network': 'network',
  'wallet.network_disabled': 'network',
  'wallet.invalid_address': 'address',
};

/**
 * Where a failed withdrawal request belongs: a field's message, the code step-up (with the form's
 * alert for when no factor can be asked), or the form's alert.
 */
export type WithdrawalFailure =
  { to: 'field'; field: WithdrawalField; key: string } | { to: 'step_up' | 'form'; message: string };

/**
 * A failed request_withdrawal, from the error's class (lib/errors.ts): a key about the amount,
 * network or address goes to that field; 'wallet.mfa_required' asks for the code; anything else is
 * the form's alert (product.md#dashboard-8, Wallet): no answer at all is the network message, the
 * server failing to create the request (5xx) 'Nie udało się utworzyć wypłaty', anything else
 * 'Wystąpił błąd podczas wypłaty'.
 */
export function withdrawalFailure(error: unknown): WithdrawalFailure {
  const { kind, status, key: classKey } = classifyError(error);
  // The wallet's keys are registered with its chunk: the class carries them, typed as the entry's keys.
  const key: string | undefined = classKey;
  const field = key ? FIELD_OF_KEY[key] : undefined;
  if (key && field) return { to: 'field', field, key };
  const message =
    kind === 'network'
      ? t('network.failure')
      : (status ?? 0) >= 500
        ? t('wallet.withdrawal_create_failed')
        : t('wallet.withdrawal_failed');
  return { to: key === 'wallet.mfa_required' ? 'step_up' : 'form', message };
}
