import { formatPLN, formatUSDT } from '@/lib/format';

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
