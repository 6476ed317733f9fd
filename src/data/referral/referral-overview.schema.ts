import { z } from 'zod/mini';
import { lazySchema } from '@/lib/validation/lazy-schema';

/**
 * get_my_referral_overview() returns JSON: checked here, at the edge of the feature. Built on the
 * first answer: the menu's prefetch puts the fetcher in the shell's chunk (lib/validation/lazy-schema.ts).
 */
export const referralOverviewSchema = lazySchema(() => {
  const timestamp = z.nullable(z.string());
  const count = z.number().check(z.refine((value) => Number.isInteger(value) && value >= 0));
  return z.object({
    codes: z.array(
      z.object({
        id: z.string(),
        code: z.string(),
        description: z.nullable(z.string()),
        active: z.boolean(),
        created_at: z.string(),
        visits_count: count,
        registrations_count: count,
        conversions_count: count,
        last_visit_at: timestamp,
        last_registration_at: timestamp,
        last_conversion_at: timestamp,
      }),
    ),
    referred: z.array(
      z.object({
        id: z.string(),
        full_name: z.nullable(z.string()),
        /** Masked on the server: the first 3 characters of the local part, then ***@domain. */
        email: z.nullable(z.string()),
        created_at: z.string(),
      }),
    ),
    referred_total: count,
    /** The latest commissions, newest first: 'Do wypłaty' (to_pay), 'Wypłacona' (paid), 'Anulowana' (cancelled). */
    commissions: z.array(
      z.object({
        id: z.string(),
        level: z.string(),
        amount_pln: z.number(),
        created_at: z.string(),
        status: z.enum(['to_pay', 'paid', 'cancelled']),
        settled_at: timestamp,
        amount_usdt: z.nullable(z.number()),
        settlement_rate: z.nullable(z.number()),
        cancelled_at: timestamp,
      }),
    ),
    commissions_to_pay_pln: z.number(),
    referral_count: count,
    total_earnings: z.number().check(z.refine((value) => value >= 0)),
  });
});

export type ReferralOverview = z.infer<ReturnType<typeof referralOverviewSchema>>;
export type ReferralCode = ReferralOverview['codes'][number];
export type ReferralCommission = ReferralOverview['commissions'][number];

/** The 'Generuj nowy kod polecający' form: the description is optional, at most 200 characters. */
export const generateCodeSchema = lazySchema(() =>
  z.object({
    description: z.string().check(
      z.trim(),
      z.refine((value) => value.length <= 200, { error: 'referral.description_too_long' }),
    ),
  }),
);

export type GenerateCodeInput = z.infer<ReturnType<typeof generateCodeSchema>>;
