import { z } from 'zod/mini';
import { lazySchema } from '@/lib/validation/lazy-schema';

/** admin_preview_commission_settlement() returns JSON: checked here. */
export const settlementPreviewSchema = lazySchema(() =>
  z.object({
    members: z.number(),
    commissions: z.number(),
    total_pln: z.number(),
    total_usdt: z.number(),
    /** The previous settlement's rate; null before the first one. */
    previous_rate: z.nullable(z.number()),
    rate_change_pct: z.nullable(z.number()),
  }),
);

/** admin_settle_commissions() returns JSON: what was paid. */
export const settlementResultSchema = lazySchema(() =>
  z.object({
    members: z.number(),
    commissions: z.number(),
    total_pln: z.number(),
    total_usdt: z.number(),
    rate: z.number(),
  }),
);

export type SettlementPreview = z.infer<ReturnType<typeof settlementPreviewSchema>>;
export type SettlementResult = z.infer<ReturnType<typeof settlementResultSchema>>;
