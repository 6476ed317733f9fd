import { z } from 'zod/mini';
import { isAnyUsdtTxHash, isUsdtTxHash, USDT_NETWORKS, type UsdtNetwork } from '@/data/wallet/networks';

/**
 * The server's rules: the amount received is optional, else positive with at most 2 decimals (a
 * comma is accepted) and at most MAX_AMOUNT_RECEIVED; a USDT transaction hash optional, else the
 * network's format (TRC20 64 hex without 0x, ERC20 and BSC 0x + 64 hex), with its network; a reason
 * 1–500 characters.
 */
const AMOUNT = /^\d+([.,]\d{1,2})?$/;
/** The largest amount numeric(12, 2) holds; admin_confirm_payment refuses more with the same key. */
export const MAX_AMOUNT_RECEIVED = 9_999_999_999.99;

const toNumber = (value: string) => Number(value.replace(',', '.'));

export const confirmSchema = z
  .object({
    amountReceived: z.string().check(
      z.trim(),
      z.refine((value) => value === '' || (AMOUNT.test(value) && toNumber(value) > 0), {
        error: 'payments.invalid_amount',
      }),
      z.refine((value) => value === '' || !AMOUNT.test(value) || toNumber(value) <= MAX_AMOUNT_RECEIVED, {
        error: 'payments.amount_too_high',
      }),
    ),
    txHash: z.string().check(
      z.trim(),
      z.refine((value) => value === '' || isAnyUsdtTxHash(value), { error: 'payments.invalid_tx_hash' }),
    ),
    /** The network of the USDT transaction ('' when no hash is given). */
    network: z.string(),
  })
  // A transaction is its network and hash (admin_confirm_payment: payments.network_required).
  .check(
    z.refine((values) => values.txHash.trim() === '' || values.network !== '', {
      error: 'payments.network_required',
      path: ['network'],
    }),
    // The hash of the chosen network (a TRON id has no 0x; an EVM one has it).
    z.refine(
      (values) =>
        values.txHash.trim() === '' ||
        !USDT_NETWORKS.includes(values.network as UsdtNetwork) ||
        !isAnyUsdtTxHash(values.txHash.trim()) ||
        isUsdtTxHash(values.network as UsdtNetwork, values.txHash.trim()),
      { error: 'payments.invalid_tx_hash', path: ['txHash'] },
    ),
  );

export const rejectSchema = z.object({
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'payments.reason_required' }),
      z.maxLength(500, { error: 'payments.reason_required' }),
    ),
});
