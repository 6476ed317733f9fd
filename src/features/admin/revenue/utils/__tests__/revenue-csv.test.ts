import { revenueCsv } from '../revenue-csv';

describe('revenueCsv', () => {
  it('lists every entry with its pools (rounded to 0.01 PLN) and the day of its payout, for Polish spreadsheets', () => {
    const paidAt = new Date(2026, 10, 20, 10, 0, 0).toISOString();
    const csv = revenueCsv([
      { amount: '10000.05', created_at: new Date(2026, 10, 19, 8, 30, 0).toISOString(), paid_out_at: paidAt },
      { amount: 333.33, created_at: new Date(2026, 9, 1, 23, 59, 59).toISOString(), paid_out_at: null },
    ]);
    expect(csv.split('\r\n')).toEqual([
      `\uFEFF"Data";"Kwota (PLN)";"Pula START 5% (PLN)";"Pula PREMIUM 15% (PLN)";"Pula VIP 20% (PLN)";"Wypłata zysków (dzień)"`,
      `"2026-11-19 08:30:00";"10000,05";"500";"1500,01";"2000,01";"2026-11-20"`,
      `"2026-10-01 23:59:59";"333,33";"16,67";"50";"66,67";""`,
      '',
    ]);
  });
});
