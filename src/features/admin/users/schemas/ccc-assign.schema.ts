import { z } from 'zod/mini';
import { Constants } from '@/types/database.types';

/** CCC assignment modal (dashboard.md §5): a package is required ('Wybierz pakiet'), quantity 1–10. */
export const cccAssignSchema = z.object({
  tier: z
    .union([z.literal(''), z.enum(Constants.public.Enums.ccc_tier)])
    .check(z.refine((value) => value !== '', { error: 'validation.ccc.package_required' })),
  quantity: z.coerce
    .number<string | number>()
    .check(
      z.int({ error: 'validation.ccc.quantity' }),
      z.gte(1, { error: 'validation.ccc.quantity' }),
      z.lte(10, { error: 'validation.ccc.quantity' }),
    ),
});

export type CccAssignFormValues = z.input<typeof cccAssignSchema>;
