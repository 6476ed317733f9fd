import { formatPLN, formatUSDT } from '@/lib/format';

/** An order's amount in its currency (PLN for plan transfers and ACC, USDT otherwise). */
export function formatOrderAmount(amount: number, currency: string): string {
  return currency === 'PLN' ? formatPLN(amount) : formatUSDT(amount);
}
