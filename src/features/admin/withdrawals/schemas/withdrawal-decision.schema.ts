import { z } from 'zod/mini';
import { isUsdtTxHash, type UsdtNetwork } from '@/data/wallet/networks';

/**
 * The server's rules: a transaction hash of the withdrawal's network (TRC20: 64 hex without 0x; ERC20
 * and BSC: 0x + 64 hex); a reason 1–500 characters.
 */
export function createCompleteSchema(network: UsdtNetwork) {
  return z.object({
    txHash: z.string().check(
      z.trim(),
      z.refine((value) => isUsdtTxHash(network, value), { error: 'wallet.invalid_tx_hash' }),
    ),
  });
}

export const failSchema = z.object({
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'wallet.invalid_reason' }),
      z.maxLength(500, { error: 'wallet.invalid_reason' }),
    ),
});
