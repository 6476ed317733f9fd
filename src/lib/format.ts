/** Number and date formatting in the Polish locale. Intl separates groups with a no-break space (U+00A0). */

const LOCALE = 'pl-PL';

/**
 * One formatter per set of options, made when first needed: building an Intl formatter costs far
 * more than formatting with one (locale data, option resolution), and a page formats dozens of
 * values per render. Nothing is built at start-up.
 */
function byOptions<Options, Formatter>(create: (options: Options) => Formatter): (options: Options) => Formatter {
  const made = new Map<string, Formatter>();
  return (options) => {
    const key = JSON.stringify(options);
    let formatter = made.get(key);
    if (!formatter) {
      formatter = create(options);
      made.set(key, formatter);
    }
    return formatter;
  };
}

export const numberFormat = byOptions((options: Intl.NumberFormatOptions) => new Intl.NumberFormat(LOCALE, options));
export const dateTimeFormat = byOptions(
  (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(LOCALE, options),
);

const PLN = { style: 'currency', currency: 'PLN', minimumFractionDigits: 0, maximumFractionDigits: 0 } as const;
const USDT = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;

type Amount = number | string | null | undefined;
type DateInput = Date | string | number;

const PLACEHOLDER = '—';

function toNumber(value: Amount): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : undefined;
}

const NBSP = '\u00a0';

/**
 * A whole number as Intl writes it for pl-PL, without building Intl's number formatter: the first
 * Intl.NumberFormat of a page loads the locale's number data (75–300 ms on a phone at Lighthouse's
 * 4× throttling, in the first render of the dashboard's cards). Polish groups digits by three with
 * a no-break space from 5 digits on ("8000", "18 000"); the minus is a hyphen-minus. Undefined when
 * the number is not a safe integer (Intl writes those, with its own rounding).
 */
function wholeNumber(number: number): string | undefined {
  if (!Number.isSafeInteger(number)) return undefined;
  const digits = String(Math.abs(number));
  const grouped = digits.length < 5 ? digits : digits.replace(/\B(?=(\d{3})+$)/g, NBSP);
  return number < 0 || Object.is(number, -0) ? `-${grouped}` : grouped;
}

/**
 * Rounded to a whole number as Intl rounds without decimals (half away from zero: 2.5 → 3,
 * -2.5 → -3, -0.4 → -0). The same as rounding the number's shortest decimal form, which is what
 * Intl rounds: a double written with a final ".5" is exactly that half.
 */
function roundedWhole(number: number): number {
  return Math.sign(number) * Math.round(Math.abs(number));
}

/**
 * Builds a number formatter ahead, and with it the locale's number data (wholeNumber above): called
 * when the browser is idle after the member first points at the menu, so the sections that write
 * fractions (ratings, growth rates, USDT) do not pay for it on the click.
 */
export function preloadNumberFormat(): void {
  numberFormat(USDT);
}

/** PLN without decimals, e.g. 14997 → "14 997 zł". A missing or non-numeric amount gives "—". */
export function formatPLN(value: Amount): string {
  const number = toNumber(value);
  if (number === undefined) return PLACEHOLDER;
  const whole = wholeNumber(roundedWhole(number));
  return whole === undefined ? numberFormat(PLN).format(number) : `${whole}${NBSP}zł`;
}

/** USDT with 2 decimals, e.g. 12099 → "12 099,00 USDT". A missing or non-numeric amount gives "—". */
export function formatUSDT(value: Amount): string {
  const number = toNumber(value);
  if (number === undefined) return PLACEHOLDER;
  const whole = wholeNumber(number);
  return `${whole === undefined ? numberFormat(USDT).format(number) : `${whole},00`} USDT`;
}

/**
 * A count or a plain number, e.g. 125000 → "125 000" (Polish groups numbers from 5 digits: 8000
 * stays "8000"); whole by default, up to `maximumFractionDigits` decimals when asked (2.5 → "2,5").
 */
export function formatNumber(
  value: Amount,
  { maximumFractionDigits = 0 }: { maximumFractionDigits?: number } = {},
): string {
  const number = toNumber(value);
  if (number === undefined) return PLACEHOLDER;
  const whole = maximumFractionDigits === 0 ? roundedWhole(number) : number;
  return wholeNumber(whole) ?? numberFormat({ maximumFractionDigits }).format(number);
}

/** A number with a fixed count of decimals, e.g. a rating 4.6 → "4,6". */
export function formatDecimal(value: Amount, fractionDigits = 1): string {
  const number = toNumber(value);
  if (number === undefined) return PLACEHOLDER;
  return numberFormat({ minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(number);
}

/**
 * A value given in percent (12.4 means 12.4 %), e.g. "12,4%". `fractionDigits` fixes the decimals
 * (default: up to 2, none when whole); `signed` adds "+" to positive values (growth rates).
 */
export function formatPercent(value: Amount, options: { fractionDigits?: number; signed?: boolean } = {}): string {
  const number = toNumber(value);
  if (number === undefined) return PLACEHOLDER;
  const { fractionDigits, signed = false } = options;
  return numberFormat({
    style: 'percent',
    minimumFractionDigits: fractionDigits ?? 0,
    maximumFractionDigits: fractionDigits ?? 2,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(number / 100);
}

function toDate(value: DateInput): Date | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * A Polish date, e.g. "22.11.2026". `timeZone` defaults to the browser's. In the browser's own zone
 * it is written from the date's fields, which is what Intl writes for pl-PL: the first
 * Intl.DateTimeFormat of a page loads the locale's date patterns (tens of milliseconds on a phone,
 * in the first render of the dashboard's header).
 */
export function formatDate(value: DateInput, options: { timeZone?: string } = {}): string {
  const date = toDate(value);
  if (!date) return PLACEHOLDER;
  if (options.timeZone === undefined)
    return `${twoDigits(date.getDate())}.${twoDigits(date.getMonth() + 1)}.${date.getFullYear()}`;
  return dateTimeFormat({ day: '2-digit', month: '2-digit', year: 'numeric', timeZone: options.timeZone }).format(date);
}

/** A Polish date and time, e.g. "22.11.2026, 10:05". `timeZone` defaults to the browser's (as formatDate). */
export function formatDateTime(value: DateInput, options: { timeZone?: string } = {}): string {
  const date = toDate(value);
  if (!date) return PLACEHOLDER;
  if (options.timeZone === undefined)
    return `${formatDate(date)}, ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
  return dateTimeFormat({
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: options.timeZone,
  }).format(date);
}

/** A fraction as a percent (the catalogues store shares as fractions): 0.05 → "5%", 0.155 → "15,5%". */
export function formatShare(fraction: Amount): string {
  const number = toNumber(fraction);
  return number === undefined ? PLACEHOLDER : `${numberFormat({ maximumFractionDigits: 2 }).format(number * 100)}%`;
}

/** A whole number with Polish grouping, e.g. 18000 → "18 000" (token amounts, supplies). */
export function formatInteger(value: Amount): string {
  const number = toNumber(value);
  if (number === undefined) return PLACEHOLDER;
  return wholeNumber(roundedWhole(number)) ?? numberFormat({ maximumFractionDigits: 0 }).format(number);
}

/**
 * The calendar day in Warsaw as 'YYYY-MM-DD' (the day of the club's rules: a membership day ends at
 * midnight in Warsaw wherever the member is). CET is UTC+1, CEST UTC+2 from the last Sunday of March
 * to the last Sunday of October, the clocks changing at 01:00 UTC (EU rule); worked out without Intl,
 * whose first time-zone formatter would cost the header's first render.
 */
export function warsawDay(now: Date = new Date()): string {
  const year = now.getUTCFullYear();
  const lastSundayAt1Utc = (month: number) => {
    const lastDay = new Date(Date.UTC(year, month + 1, 0));
    return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
  };
  const time = now.getTime();
  const summer = time >= lastSundayAt1Utc(2) && time < lastSundayAt1Utc(9);
  return new Date(time + (summer ? 2 : 1) * 3_600_000).toISOString().slice(0, 10);
}
