import { z } from 'zod/mini';

/** The server's rules: a transaction hash is 0x + 64 hex (ERC20 and BSC); a reason 1–500 characters. */
export const completeSchema = z.object({
  txHash: z.string().check(z.trim(), z.regex(/^0x[0-9a-fA-F]{64}$/, { error: 'wallet.invalid_tx_hash' })),
});

export const failSchema = z.object({
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'wallet.invalid_reason' }),
      z.maxLength(500, { error: 'wallet.invalid_reason' }),
    ),
});
