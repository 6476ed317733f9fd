import type { AdminWithdrawal } from '@/data/wallet/list-withdrawals';
import { withdrawalsCsv } from '../withdrawals-csv';

const withdrawal = (overrides: Partial<AdminWithdrawal>): AdminWithdrawal => ({
  id: 'w-1',
  user_id: 'member-1',
  amount: 120.5,
  network: 'ERC20',
  address: '0x1111111111111111111111111111111111111111',
  status: 'completed',
  created_at: new Date(2026, 10, 20, 7, 5, 0).toISOString(),
  processed_at: new Date(2026, 10, 21, 18, 0, 0).toISOString(),
  tx_hash: '0xfeed',
  failure_reason: null as unknown as string,
  member_email: 'anna@example.com',
  member_full_name: 'Anna Kowalska',
  total_count: 1,
  ...overrides,
});

describe('withdrawalsCsv', () => {
  it('writes the status label, the amount as a number, local dates, and a deleted member as such', () => {
    const csv = withdrawalsCsv([
      withdrawal({}),
      withdrawal({
        status: 'failed',
        tx_hash: null as unknown as string,
        failure_reason: '-zły adres',
        member_full_name: null as unknown as string,
        member_email: null as unknown as string,
      }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      `\uFEFF"Członek";"E-mail";"Kwota (USDT)";"Sieć";"Adres portfela";"Zlecono";"Status";"Rozpatrzono";"Hash transakcji";"Powód odrzucenia"`,
      `"Anna Kowalska";"anna@example.com";"120,5";"ERC20";"0x1111111111111111111111111111111111111111";"2026-11-20 07:05:00";"Zrealizowane";"2026-11-21 18:00:00";"0xfeed";""`,
      `"Usunięte konto";"";"120,5";"ERC20";"0x1111111111111111111111111111111111111111";"2026-11-20 07:05:00";"Odrzucone";"2026-11-21 18:00:00";"";"'-zły adres"`,
      '',
    ]);
  });
});
