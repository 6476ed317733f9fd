import { t } from '@/i18n/plans';
import { formatPLN, formatUSDT } from '@/lib/format';
import type { Enums } from '@/types/database.types';

/** An order's amount in its currency (PLN for plan transfers and ACC, USDT otherwise). */
export function formatOrderAmount(amount: number, currency: string): string {
  return currency === 'PLN' ? formatPLN(amount) : formatUSDT(amount);
}

/**
 * A calendar day as the database sends it ('2026-11-27') in Polish ('27.11.2026'), read from its
 * digits: no time zone can move it to the day before.
 */
export function formatCalendarDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : day;
}

/** A plan period as the database states it: the tier, its days and the extra days of an upgrade. */
export type PlanPeriod = {
  tier: Enums<'membership_level'>;
  first_day: string;
  /** null: no end date. */
  last_day: string | null;
  extra_days: number;
  /** The level whose unused days the extra days are for. */
  from_level: Enums<'membership_level'> | null;
};

/**
 * A plan period in words, as the plan dialog states it before 'Zapłać' and 'Moje płatności' after
 * the confirmation: 'Plan VIP od 27.11.2026 do 02.02.2028 (w tym 68 dni za niewykorzystany okres
 * PREMIUM)'.
 */
export function describePlanPeriod(period: PlanPeriod): string {
  const from = formatCalendarDay(period.first_day);
  const text = period.last_day
    ? t('plans.preview_period', { tier: period.tier, from, to: formatCalendarDay(period.last_day) })
    : t('plans.preview_open_ended', { tier: period.tier, from });
  if (period.extra_days <= 0 || !period.from_level) return text;
  const extra =
    period.extra_days === 1
      ? t('plans.preview_extra_day', { level: period.from_level })
      : t('plans.preview_extra_days', { days: period.extra_days, level: period.from_level });
  return `${text} ${extra}`;
}
