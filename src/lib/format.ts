/** Number and date formatting in the Polish locale. Intl separates groups with a no-break space (U+00A0). */

const LOCALE = 'pl-PL';

const plnFormatter = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'PLN',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const usdtFormatter = new Intl.NumberFormat(LOCALE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

type Amount = number | string | null | undefined;
type DateInput = Date | string | number;

const PLACEHOLDER = '—';

function toNumber(value: Amount): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** PLN without decimals, e.g. 14997 → "14 997 zł". A missing or non-numeric amount gives "—". */
export function formatPLN(value: Amount): string {
  const number = toNumber(value);
  return number === undefined ? PLACEHOLDER : plnFormatter.format(number);
}

/** USDT with 2 decimals, e.g. 12099 → "12 099,00 USDT". A missing or non-numeric amount gives "—". */
export function formatUSDT(value: Amount): string {
  const number = toNumber(value);
  return number === undefined ? PLACEHOLDER : `${usdtFormatter.format(number)} USDT`;
}

function toDate(value: DateInput): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A Polish date, e.g. "22.11.2026". `timeZone` defaults to the browser's. */
export function formatDate(value: DateInput, options: { timeZone?: string } = {}): string {
  const date = toDate(value);
  if (!date) return PLACEHOLDER;
  return new Intl.DateTimeFormat(LOCALE, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: options.timeZone,
  }).format(date);
}

/** A Polish date and time, e.g. "22.11.2026, 10:05". `timeZone` defaults to the browser's. */
export function formatDateTime(value: DateInput, options: { timeZone?: string } = {}): string {
  const date = toDate(value);
  if (!date) return PLACEHOLDER;
  return new Intl.DateTimeFormat(LOCALE, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: options.timeZone,
  }).format(date);
}

const percentFormatter = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });
const integerFormatter = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });

/** A fraction as a percent (the catalogues store shares as fractions): 0.05 → "5%", 0.155 → "15,5%". */
export function formatShare(fraction: Amount): string {
  const number = toNumber(fraction);
  return number === undefined ? PLACEHOLDER : `${percentFormatter.format(number * 100)}%`;
}

/** A whole number with Polish grouping, e.g. 18000 → "18 000" (token amounts, supplies). */
export function formatInteger(value: Amount): string {
  const number = toNumber(value);
  return number === undefined ? PLACEHOLDER : integerFormatter.format(number);
}
