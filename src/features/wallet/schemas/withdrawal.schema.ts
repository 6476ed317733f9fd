import { z } from 'zod/mini';

/** 0x followed by 40 hex characters: 42 characters in all (product.md#dashboard-5, for ERC20 and BSC alike). */
export const WALLET_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** A positive amount with at most 2 decimals (the input's step is 0.01). */
const AMOUNT = /^\d+(?:[.,]\d{1,2})?$/;

export const NETWORKS = ['ERC20', 'BSC'] as const;

/** "12,5" or "12.50" → 1250 (cents), so comparisons with the balance are exact. */
export function toCents(value: string | number): number {
  return Math.round(Number(String(value).replace(',', '.')) * 100);
}

/**
 * The withdrawal form, form level (product.md#dashboard-5): amount a number above 0 ('Wprowadź poprawną
 * kwotę') and not above the available balance ('Niewystarczające środki'); network ERC20 or BSC;
 * address of at least 42 characters, 0x + 40 hex ('Nieprawidłowy adres portfela'). The server
 * checks the same again (request_withdrawal). The form builds it again when the balance changes.
 */
export function createWithdrawalSchema(available: number) {
  return z.object({
    amount: z.string().check(
      z.trim(),
      z.superRefine((value, ctx) => {
        if (!AMOUNT.test(value) || toCents(value) <= 0) {
          ctx.addIssue({ code: 'custom', message: 'wallet.invalid_amount', input: value });
        } else if (toCents(value) > toCents(available)) {
          ctx.addIssue({ code: 'custom', message: 'wallet.insufficient_funds', input: value });
        }
      }),
    ),
    network: z.enum(NETWORKS, { error: 'wallet.invalid_network' }),
    address: z
      .string()
      .check(
        z.trim(),
        z.minLength(42, { error: 'wallet.invalid_address' }),
        z.regex(WALLET_ADDRESS, { error: 'wallet.invalid_address' }),
      ),
  });
}

export type WithdrawalSchema = ReturnType<typeof createWithdrawalSchema>;
export type WithdrawalFormValues = z.input<WithdrawalSchema>;
export type WithdrawalValues = z.output<WithdrawalSchema>;
