import { z } from 'zod/mini';
import { isUsdtAddress, USDT_NETWORKS, type UsdtNetwork } from '@/data/wallet/networks';

/** A positive amount with at most 2 decimals (the input's step is 0.01). */
const AMOUNT = /^\d+(?:[.,]\d{1,2})?$/;

/** TRC20, ERC20, BSC (issue 37 adds TRON to the spec's ERC20 and BSC). */
export const NETWORKS = USDT_NETWORKS as readonly [UsdtNetwork, ...UsdtNetwork[]];

/** "12,5" or "12.50" → 1250 (cents), so comparisons with the balance are exact. */
export function toCents(value: string | number): number {
  return Math.round(Number(String(value).replace(',', '.')) * 100);
}

/**
 * The withdrawal form, form level (product.md#dashboard-5): amount a number above 0 ('Wprowadź poprawną
 * kwotę') and not above the available balance ('Niewystarczające środki'); network TRC20, ERC20 or
 * BSC; the address of that network ('Nieprawidłowy adres portfela'): TRC20 'T' + 33 base58
 * characters, ERC20 and BSC 0x + 40 hex (42 characters). The server checks the same again, and a
 * TRON address's checksum (request_withdrawal). The form builds it again when the balance changes.
 */
export function createWithdrawalSchema(available: number) {
  return z
    .object({
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
      address: z.string().check(z.trim(), z.minLength(34, { error: 'wallet.invalid_address' })),
    })
    .check(
      z.refine((values) => isUsdtAddress(values.network, values.address.trim()), {
        error: 'wallet.invalid_address',
        path: ['address'],
      }),
    );
}

export type WithdrawalSchema = ReturnType<typeof createWithdrawalSchema>;
export type WithdrawalFormValues = z.input<WithdrawalSchema>;
export type WithdrawalValues = z.output<WithdrawalSchema>;
