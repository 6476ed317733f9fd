import { z } from 'zod/mini';
import type { AdminAreaMessageKey as MessageKey } from '@/i18n/admin';
import { Constants } from '@/types/database.types';

/** The same link rules as the apps table's checks (20261122001500_apps.sql). */
export const LINK_PATTERNS = {
  website: /^https?:\/\/[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$/i,
  appStore: /^https?:\/\/(apps|itunes)\.apple\.com([/?#]\S*)?$/i,
  googlePlay: /^https?:\/\/play\.google\.com([/?#]\S*)?$/i,
};

const optionalLink = (pattern: RegExp, error: MessageKey) =>
  z.string().check(
    z.trim(),
    z.maxLength(2048, { error }),
    z.refine((value) => value === '' || pattern.test(value), { error }),
  );

/** A number field of the form: empty means 0; otherwise a number within the limits, at most `decimals` decimals. */
const amount = ({ min, max, decimals }: { min?: number; max: number; decimals: number }) =>
  z.string().check(
    z.trim(),
    z.refine(
      (value) => {
        if (value === '') return true;
        const normalised = value.replace(',', '.');
        const pattern = decimals === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+(\\.\\d{1,${decimals}})?$`);
        if (!pattern.test(normalised)) return false;
        const number = Number(normalised);
        return (min === undefined || number >= min) && number <= max;
      },
      { error: decimals === 0 ? 'validation.app.whole_number' : 'validation.app.number' },
    ),
  );

/** App form (product.md#dashboard-5): name, description and category required; links valid; metrics and valuation. */
export const appSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, { error: 'validation.required' }), z.maxLength(200)),
  description: z.string().check(z.trim(), z.minLength(1, { error: 'validation.required' }), z.maxLength(5000)),
  category: z.string().check(
    z.refine((value) => (Constants.public.Enums.app_category as readonly string[]).includes(value), {
      error: 'validation.required',
    }),
  ),
  websiteUrl: optionalLink(LINK_PATTERNS.website, 'validation.app.website_url'),
  appStoreUrl: optionalLink(LINK_PATTERNS.appStore, 'validation.app.app_store_url'),
  googlePlayUrl: optionalLink(LINK_PATTERNS.googlePlay, 'validation.app.google_play_url'),
  downloads: amount({ min: 0, max: 9e15, decimals: 0 }),
  revenue: amount({ min: 0, max: 999_999_999_999.99, decimals: 2 }),
  activeUsers: amount({ min: 0, max: 9e15, decimals: 0 }),
  rating: amount({ min: 0, max: 5, decimals: 1 }),
  currentValue: amount({ min: 0, max: 999_999_999_999.99, decimals: 2 }),
  projectedValue: amount({ min: 0, max: 999_999_999_999.99, decimals: 2 }),
  growthRate: amount({ min: -99_999.9, max: 99_999.9, decimals: 1 }),
  minimumInvestment: amount({ min: 0, max: 999_999_999_999.99, decimals: 2 }),
  availableShares: amount({ min: 0, max: 9e15, decimals: 0 }),
  pricePerShare: amount({ min: 0, max: 999_999_999_999.99, decimals: 2 }),
  releaseDate: z.string().check(z.refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value))),
});

export type AppFormValues = z.input<typeof appSchema>;
export type AppFormOutput = z.output<typeof appSchema>;

const toNumber = (value: string) => (value.trim() === '' ? 0 : Number(value.trim().replace(',', '.')));

/** The form's values as the apps row's columns. */
export function toAppFields(values: AppFormOutput) {
  return {
    name: values.name,
    description: values.description,
    category: values.category as (typeof Constants.public.Enums.app_category)[number],
    website_url: values.websiteUrl || null,
    app_store_url: values.appStoreUrl || null,
    google_play_url: values.googlePlayUrl || null,
    downloads: toNumber(values.downloads),
    revenue: toNumber(values.revenue),
    active_users: toNumber(values.activeUsers),
    rating: toNumber(values.rating),
    current_value: toNumber(values.currentValue),
    projected_value: toNumber(values.projectedValue),
    growth_rate: toNumber(values.growthRate),
    minimum_investment: toNumber(values.minimumInvestment),
    available_shares: toNumber(values.availableShares),
    price_per_share: toNumber(values.pricePerShare),
    release_date: values.releaseDate || null,
  };
}
