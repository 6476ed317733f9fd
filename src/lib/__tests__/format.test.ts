import { formatDate, formatDateTime, formatInteger, formatPLN, formatShare, formatUSDT } from '../format';

/** Intl's pl-PL output separates digit groups and the currency with a no-break space (U+00A0). */
const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

describe('formatPLN', () => {
  it.each([
    [4997, '4997 zł'],
    [14997, '14 997 zł'],
    [49997, '49 997 zł'],
    [0, '0 zł'],
    [1234567.8, '1 234 568 zł'],
    ['44997', '44 997 zł'],
  ])('%s → %s (no decimals)', (value, text) => {
    expect(formatPLN(value)).toBe(nbsp(text));
  });

  it('uses no-break spaces, so an amount never wraps', () => {
    expect(formatPLN(14997)).not.toContain(' ');
  });

  it.each([null, undefined, '', 'abc', Number.NaN])('%s → "—"', (value) => {
    expect(formatPLN(value)).toBe('—');
  });
});

describe('formatUSDT', () => {
  it.each([
    [1220, '1220,00 USDT'],
    [12099, '12 099,00 USDT'],
    [0.5, '0,50 USDT'],
    [10.005, '10,01 USDT'],
    ['3625', '3625,00 USDT'],
  ])('%s → %s (2 decimals)', (value, text) => {
    expect(formatUSDT(value)).toBe(nbsp(text).replace('\u00a0USDT', ' USDT'));
  });

  it.each([null, undefined, 'x'])('%s → "—"', (value) => {
    expect(formatUSDT(value)).toBe('—');
  });
});

describe('formatDate and formatDateTime', () => {
  const instant = '2026-11-22T09:05:00Z';

  it('writes a Polish date', () => {
    expect(formatDate(instant, { timeZone: 'UTC' })).toBe('22.11.2026');
    expect(formatDate(new Date(instant), { timeZone: 'UTC' })).toBe('22.11.2026');
  });

  it('writes a Polish date and time in the given time zone', () => {
    expect(formatDateTime(instant, { timeZone: 'Europe/Warsaw' })).toBe('22.11.2026, 10:05');
    expect(formatDateTime(instant, { timeZone: 'UTC' })).toBe('22.11.2026, 09:05');
  });

  it('crosses midnight by time zone', () => {
    expect(formatDate('2026-12-31T23:30:00Z', { timeZone: 'Europe/Warsaw' })).toBe('01.01.2027');
  });

  it('shows "—" for an invalid date', () => {
    expect(formatDate('not a date')).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
  });
});

describe('formatShare', () => {
  it.each([
    [0.05, '5%'],
    ['0.1500', '15%'],
    [0.17, '17%'],
    [0.155, '15,5%'],
    [0.0333, '3,33%'],
  ])('%s → %s', (value, text) => {
    expect(formatShare(value)).toBe(text);
  });

  it.each([null, undefined, 'x'])('%s → "—"', (value) => {
    expect(formatShare(value)).toBe('—');
  });
});

describe('formatInteger', () => {
  it.each([
    [1000, '1000'],
    [18000, '18 000'],
    ['1000000', '1 000 000'],
  ])('%s → %s (Polish grouping from 5 digits)', (value, text) => {
    expect(formatInteger(value)).toBe(nbsp(text));
  });
});
