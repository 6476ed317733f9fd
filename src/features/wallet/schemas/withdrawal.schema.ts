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
 * The withdrawal form, form level (product.md#dashboard-5, with TRC20 from issue 37): amount a number
 * above 0 ('Wprowadź poprawną kwotę'), at least the network's minimum ('Minimalna kwota wypłaty w tej
 * sieci to …') and not above the available balance ('Niewystarczające środki'); network TRC20, ERC20
 * or BSC; the address in the chosen network's format ('Nieprawidłowy adres portfela'): TRON's
 * base58check `T…` with its checksum, or 0x + 40 hex (a mixed-case one with a valid EIP-55 checksum).
 * The server checks the same again (request_withdrawal). The form builds it again when the balance
 * or the minimums change.
 */
export function createWithdrawalSchema(available: number, minimums: Partial<Record<UsdtNetwork, number>> = {}) {
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
      address: z.string().check(z.trim(), z.minLength(1, { error: 'wallet.invalid_address' })),
    })
    .check(
      z.superRefine((values, ctx) => {
        if (!isUsdtAddress(values.network, values.address)) {
          ctx.addIssue({ code: 'custom', message: 'wallet.invalid_address', path: ['address'], input: values.address });
        }
        const minimum = minimums[values.network];
        const cents = toCents(values.amount);
        if (minimum !== undefined && AMOUNT.test(values.amount) && cents > 0 && cents < toCents(minimum)) {
          ctx.addIssue({ code: 'custom', message: 'wallet.below_minimum', path: ['amount'], input: values.amount });
        }
      }),
    );
}

export type WithdrawalSchema = ReturnType<typeof createWithdrawalSchema>;
export type WithdrawalFormValues = z.input<WithdrawalSchema>;
export type WithdrawalValues = z.output<WithdrawalSchema>;
