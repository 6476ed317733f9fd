import { z } from 'zod/mini';
import { isUsdtAddress, type UsdtNetwork } from '@/data/wallet/networks';

const AMOUNT = /^\d+([.,]\d{1,2})?$/;
const toNumber = (value: string) => Number(value.replace(',', '.'));

/**
 * A network's settings, as admin_update_usdt_network checks them: the club's address of the network
 * (or empty, with the network off) and a minimum withdrawal of 0.01–1 000 000 USDT.
 */
export function createUsdtNetworkSchema(network: UsdtNetwork) {
  return z
    .object({
      enabled: z.boolean(),
      address: z.string().check(
        z.trim(),
        z.refine((value) => value === '' || isUsdtAddress(network, value), { error: 'wallet.invalid_address' }),
      ),
      minWithdrawal: z.string().check(
        z.trim(),
        z.refine((value) => AMOUNT.test(value) && toNumber(value) >= 0.01 && toNumber(value) <= 1_000_000, {
          error: 'chain.invalid_min_withdrawal',
        }),
      ),
    })
    .check(
      z.refine((values) => !values.enabled || values.address.trim() !== '', {
        error: 'chain.address_required',
        path: ['address'],
      }),
    );
}

export const assignTransferSchema = z.object({
  reference: z.string().check(z.trim(), z.regex(/^KLB-[0-9A-Z]{6}$/i, { error: 'chain.order_reference_required' })),
});

const note = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { error: 'chain.note_required' }),
    z.maxLength(500, { error: 'chain.note_required' }),
  );

export const refundTransferSchema = z.object({
  note,
  refundReference: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'chain.refund_reference_required' }),
      z.maxLength(200, { error: 'chain.refund_reference_required' }),
    ),
});

export const ignoreTransferSchema = z.object({ note });
