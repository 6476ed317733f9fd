import {
  warsawDay,
  dateTimeFormat,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatInteger,
  formatNumber,
  formatPercent,
  formatPLN,
  formatShare,
  formatUSDT,
  numberFormat,
} from '../format';

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

describe('formatNumber', () => {
  it.each([
    [125000, '125 000'],
    [8000, '8000'],
    [0, '0'],
    ['18400', '18 400'],
  ])('%s → %s', (value, text) => {
    expect(formatNumber(value)).toBe(nbsp(text));
  });

  it.each([null, undefined, 'x'])('%s → "—"', (value) => {
    expect(formatNumber(value)).toBe('—');
  });

  it('keeps decimals only when asked', () => {
    expect(formatNumber(2.5)).toBe('3');
    expect(formatNumber(2.5, { maximumFractionDigits: 2 })).toBe('2,5');
    expect(formatNumber(8, { maximumFractionDigits: 2 })).toBe('8');
  });
});

describe('formatDecimal', () => {
  it('keeps the given decimals with a comma', () => {
    expect(formatDecimal(4.6)).toBe('4,6');
    expect(formatDecimal(5)).toBe('5,0');
    expect(formatDecimal('4.25', 2)).toBe('4,25');
    expect(formatDecimal(null)).toBe('—');
  });
});

describe('formatPercent', () => {
  it('formats percent values (12.4 means 12.4 %)', () => {
    expect(formatPercent(8)).toBe('8%');
    expect(formatPercent(12.5)).toBe('12,5%');
    expect(formatPercent(12.4, { fractionDigits: 1 })).toBe('12,4%');
    expect(formatPercent(15, { fractionDigits: 1 })).toBe('15,0%');
  });

  it('signs growth rates when asked', () => {
    expect(formatPercent(12.4, { fractionDigits: 1, signed: true })).toBe('+12,4%');
    expect(formatPercent(-2.5, { fractionDigits: 1, signed: true })).toBe('-2,5%');
    expect(formatPercent(0, { fractionDigits: 1, signed: true })).toBe('0,0%');
  });

  it('shows "—" for a missing value', () => {
    expect(formatPercent(undefined)).toBe('—');
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

describe('numberFormat and dateTimeFormat', () => {
  it('give one formatter per set of options, built once and then reused', () => {
    expect(numberFormat({ maximumFractionDigits: 3 })).toBe(numberFormat({ maximumFractionDigits: 3 }));
    expect(numberFormat({ maximumFractionDigits: 3 })).not.toBe(numberFormat({ maximumFractionDigits: 1 }));
    expect(dateTimeFormat({ year: 'numeric', timeZone: 'UTC' })).toBe(
      dateTimeFormat({ year: 'numeric', timeZone: 'UTC' }),
    );
  });

  it('keep formatters of different time zones and digits apart', () => {
    const instant = '2026-12-31T23:30:00Z';
    expect(formatDate(instant, { timeZone: 'UTC' })).toBe('31.12.2026');
    expect(formatDate(instant, { timeZone: 'Europe/Warsaw' })).toBe('01.01.2027');
    expect(formatDate(instant, { timeZone: 'UTC' })).toBe('31.12.2026');
    expect(formatNumber(2.567, { maximumFractionDigits: 2 })).toBe('2,57');
    expect(formatNumber(2.567)).toBe('3');
    expect(formatDecimal(2.5, 2)).toBe('2,50');
    expect(formatDecimal(2.5)).toBe('2,5');
  });
});

describe("formatDate and formatDateTime in the browser's own time zone", () => {
  it("write what Intl writes for pl-PL, without building Intl's date formatter", () => {
    const intlDate = new Intl.DateTimeFormat('pl-PL', { day: '2-digit', month: '2-digit', year: 'numeric' });
    const intlDateTime = new Intl.DateTimeFormat('pl-PL', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    const instants = [
      '2026-01-01T00:00:00Z',
      '2026-03-29T01:30:00Z',
      '2026-10-25T00:59:00Z',
      '2026-12-31T23:30:00Z',
      '2027-07-04T09:05:00Z',
      '1999-02-28T12:00:00Z',
    ];
    for (const instant of instants) {
      expect(formatDate(instant)).toBe(intlDate.format(new Date(instant)));
      expect(formatDateTime(instant)).toBe(intlDateTime.format(new Date(instant)));
    }
  });

  it('gives "—" for a date it cannot read', () => {
    expect(formatDate('not a date')).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
  });
});

describe('whole numbers, written without Intl.NumberFormat', () => {
  const wholes = [0, -0, 7, -7, 999, 1000, 8000, 9999, 10_000, -10_000, 18_000, 99_999, 100_000, 123_456, 1_234_567];
  const wholesAndEdges = [...wholes, 1_000_000_000, -987_654_321, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];
  // What Intl writes, the reference.
  const intlNumber = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 0 });
  const intlPLN = new Intl.NumberFormat('pl-PL', {
    style: 'currency',
    currency: 'PLN',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  });

  it('are what Intl writes for pl-PL: counts, integers, PLN and USDT', () => {
    const intlUSDT = new Intl.NumberFormat('pl-PL', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const value of wholesAndEdges) {
      expect(formatNumber(value)).toBe(intlNumber.format(value));
      expect(formatInteger(value)).toBe(intlNumber.format(value));
      expect(formatPLN(value)).toBe(intlPLN.format(value));
      expect(formatUSDT(value)).toBe(`${intlUSDT.format(value)} USDT`);
    }
  });

  it('round to whole zlotys and counts as Intl does (half away from zero)', () => {
    const fractions = [
      0.4, 0.5, -0.4, -0.5, 1.5, 2.5, -2.5, 1247.5, 3742.5, 4990.49, 12_345.5, 99_999.5, 2.4999999999999996,
    ];
    for (const value of fractions) {
      expect(formatNumber(value)).toBe(intlNumber.format(value));
      expect(formatInteger(value)).toBe(intlNumber.format(value));
      expect(formatPLN(value)).toBe(intlPLN.format(value));
    }
  });

  it('leave fractions and numbers beyond the safe integers to Intl', () => {
    expect(formatNumber(2.5, { maximumFractionDigits: 1 })).toBe('2,5');
    expect(formatPLN(1e21)).toBe(intlPLN.format(1e21));
    expect(formatUSDT(-1.005)).toBe('-1,01 USDT');
  });
});

describe('preloadNumberFormat', () => {
  it('builds the formatter for fractions ahead: formatting USDT then builds none', async () => {
    vi.resetModules();
    const fresh = await import('../format');
    const Original = Intl.NumberFormat;
    let built = 0;
    class CountedNumberFormat extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        built += 1;
      }
    }
    Intl.NumberFormat = CountedNumberFormat as typeof Intl.NumberFormat;
    try {
      fresh.preloadNumberFormat();
      expect(built).toBe(1);
      expect(fresh.formatUSDT(0.5)).toBe('0,50 USDT');
      expect(built).toBe(1);
    } finally {
      Intl.NumberFormat = Original;
    }
  });
});

describe('warsawDay: the day of the club’s rules is the day in Warsaw', () => {
  it('changes at midnight in Warsaw on the boundary days: 31 Dec, 29 Feb and both DST changes', () => {
    const cases: [string, string][] = [
      // CET (UTC+1): New Year, a leap day.
      ['2026-12-31T22:59:59Z', '2026-12-31'],
      ['2026-12-31T23:00:00Z', '2027-01-01'],
      ['2028-02-28T22:59:59Z', '2028-02-28'],
      ['2028-02-28T23:00:00Z', '2028-02-29'],
      ['2028-02-29T23:00:00Z', '2028-03-01'],
      // Spring: 29.03.2026, clocks forward at 01:00 UTC; that day ends at 22:00 UTC (CEST, UTC+2).
      ['2026-03-28T23:00:00Z', '2026-03-29'],
      ['2026-03-29T00:59:59Z', '2026-03-29'],
      ['2026-03-29T01:00:00Z', '2026-03-29'],
      ['2026-03-29T21:59:59Z', '2026-03-29'],
      ['2026-03-29T22:00:00Z', '2026-03-30'],
      // Autumn: 25.10.2026 begins at 22:00 UTC (CEST) and ends at 23:00 UTC (CET).
      ['2026-10-24T21:59:59Z', '2026-10-24'],
      ['2026-10-24T22:00:00Z', '2026-10-25'],
      ['2026-10-25T22:59:59Z', '2026-10-25'],
      ['2026-10-25T23:00:00Z', '2026-10-26'],
    ];
    for (const [instant, day] of cases) expect([instant, warsawDay(new Date(instant))]).toEqual([instant, day]);
  });
});
