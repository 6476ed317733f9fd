import { z } from 'zod/mini';
import { Constants } from '@/types/database.types';

const TIERS: readonly string[] = Constants.public.Enums.ccc_tier;

/** CCC assignment modal (product.md#dashboard-5): a package is required ('Wybierz pakiet'), quantity 1–10. */
export const cccAssignSchema = z.object({
  tier: z.string().check(
    z.refine((value) => value !== '', { error: 'validation.ccc.package_required' }),
    z.refine((value) => value === '' || TIERS.includes(value), { error: 'ccc.invalid_package' }),
  ),
  quantity: z.string().check(
    z.trim(),
    z.refine((value) => /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 10, {
      error: 'validation.ccc.quantity',
    }),
  ),
});

export type CccAssignFormValues = z.input<typeof cccAssignSchema>;
