import { z } from 'zod/mini';

/**
 * The catalogue forms check what the admin RPCs check (20261122000300_membership.sql, 20261122000700_ccc.sql), with the same
 * message keys: a price is positive with at most 2 decimals and at most MAX_PRICE, 9 999 999 999,99
 * (the columns are numeric(12, 2));
 * a share is typed in percent (0 < x < 100, at most 2 decimals = the database's 4 decimals of a
 * fraction); whole numbers for CCC, months (1–120), slots and supply. Only finite decimals written
 * with digits pass, so NaN and Infinity never reach the database.
 */
const PRICE = /^\d+([.,]\d{1,2})?$/;
const PERCENT = /^\d{1,2}([.,]\d{1,2})?$/;
const WHOLE = /^\d+$/;
/** The largest price numeric(12, 2) holds; the RPCs refuse more with the same key. */
export const MAX_PRICE = 9_999_999_999.99;

const toNumber = (value: string) => Number(value.trim().replace(',', '.'));

const price = () =>
  z.string().check(
    z.trim(),
    z.refine((value) => PRICE.test(value) && toNumber(value) > 0, { error: 'catalogue.invalid_price' }),
    z.refine((value) => !PRICE.test(value) || toNumber(value) <= MAX_PRICE, { error: 'catalogue.price_too_high' }),
  );

const percent = () =>
  z.string().check(
    z.trim(),
    z.refine((value) => PERCENT.test(value) && toNumber(value) > 0, { error: 'catalogue.invalid_share' }),
  );

const wholeBetween = (min: number, max: number, error: string) =>
  z.string().check(
    z.trim(),
    z.refine((value) => WHOLE.test(value) && toNumber(value) >= min && toNumber(value) <= max, { error }),
  );

/** A plan: the three prices, the two shares in percent, the description and the benefits (one a line). */
export const planSchema = z.object({
  yearlyPricePln: price(),
  priceUsdt: price(),
  priceAcc: price(),
  profitShare: percent(),
  ideaOwnership: percent(),
  description: z.string().check(
    z.trim(),
    z.refine((value) => value.length <= 1000, { error: 'catalogue.invalid_text' }),
  ),
  benefits: z.string().check(
    z.refine(
      (value) => {
        const lines = benefitLines(value);
        return lines.length <= 20 && lines.every((line) => line.length <= 200);
      },
      { error: 'catalogue.invalid_text' },
    ),
  ),
});

export type PlanValues = z.output<typeof planSchema>;

/** A CCC tier; the slots never below the slots in use (the database checks it again under the tier's lock). */
export const cccTierSchema = (usedSlots: number) =>
  z.object({
    cccAmount: wholeBetween(1, 2_147_483_647, 'catalogue.invalid_amount'),
    priceUsd: price(),
    profitShare: percent(),
    durationMonths: wholeBetween(1, 120, 'catalogue.invalid_months'),
    totalSlots: z.string().check(
      z.trim(),
      z.refine((value) => WHOLE.test(value) && toNumber(value) <= 2_147_483_647, {
        error: 'validation.catalogue.slots',
      }),
      z.refine((value) => !WHOLE.test(value) || toNumber(value) >= usedSlots, {
        error: 'catalogue.slots_below_used',
      }),
    ),
  });

export type CccTierValues = z.output<ReturnType<typeof cccTierSchema>>;

/** The token: the contract address (0x + 40 hex; empty hides the link) and the total supply. */
export const cccSettingsSchema = z.object({
  contractAddress: z.string().check(
    z.trim(),
    z.refine((value) => value === '' || /^0x[0-9a-fA-F]{40}$/.test(value), { error: 'catalogue.invalid_contract' }),
  ),
  // At most 15 digits: exact as a JavaScript number on its way to numeric(30, 0).
  totalSupply: z.string().check(
    z.trim(),
    z.refine((value) => WHOLE.test(value) && toNumber(value) >= 1, { error: 'catalogue.invalid_supply' }),
    z.refine((value) => !WHOLE.test(value) || toNumber(value) < 1e15, { error: 'validation.catalogue.supply_max' }),
  ),
});

export type CccSettingsValues = z.output<typeof cccSettingsSchema>;

/** '12,5' → 12.5 (the forms accept a decimal comma). */
export const parseDecimal = toNumber;

/** Percent typed in the form → the stored fraction, exact to 4 decimals ('12,5' → 0.125). */
export const percentToShare = (value: string) => Math.round(toNumber(value) * 100) / 10_000;

/** The stored fraction → percent for the form (0.125 → '12,5'). */
export const shareToPercent = (share: number) => formatDecimal(Math.round(share * 1_000_000) / 10_000);

/** A number for a form field, with a decimal comma and no trailing zeros (1234.5 → '1234,5'). */
export const formatDecimal = (value: number) => String(value).replace('.', ',');

/** The benefits, one a line, trimmed, without empty lines. */
export function benefitLines(value: string): string[] {
  return value
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}
