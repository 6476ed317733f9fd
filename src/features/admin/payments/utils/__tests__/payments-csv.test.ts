import type { AdminPaymentOrder } from '@/data/payments/list-payment-orders';
import { paymentsCsv } from '../payments-csv';

const order = (overrides: Partial<AdminPaymentOrder>): AdminPaymentOrder => ({
  id: 'order-1',
  reference: 'KLB-ABC234',
  user_id: 'member-1',
  kind: 'plan',
  plan_tier: 'VIP',
  ccc_tier: null as unknown as AdminPaymentOrder['ccc_tier'],
  quantity: 1,
  item_label: 'Członkostwo VIP (rok)',
  method: 'transfer',
  amount: 2500,
  currency: 'PLN',
  status: 'pending',
  created_at: new Date(2026, 10, 24, 12, 0, 0).toISOString(),
  decided_at: null as unknown as string,
  decided_by: null as unknown as string,
  amount_received: null as unknown as number,
  tx_hash: null as unknown as string,
  rejection_reason: null as unknown as string,
  member_full_name: 'Anna Kowalska',
  member_email: 'anna@example.com',
  member_phone: '+48500100200',
  total_count: 2,
  expires_at: new Date(2026, 11, 1, 12, 0, 0).toISOString(),
  decided_via: null as unknown as AdminPaymentOrder['decided_via'],
  network: null as unknown as AdminPaymentOrder['network'],
  shortfall: null as unknown as number,
  surplus: null as unknown as number,
  refunded_at: null as unknown as string,
  refunded_by: null as unknown as string,
  refund_reason: null as unknown as string,
  refund_method: null as unknown as string,
  refund_reference: null as unknown as string,
  ...overrides,
});

describe('paymentsCsv', () => {
  it('has Polish headers and labels, amounts as numbers, local dates, and neutralises a phone starting with +', () => {
    const csv = paymentsCsv([
      order({}),
      order({
        reference: 'KLB-XYZ789',
        method: 'usdt',
        amount: 99.5,
        currency: 'USDT',
        status: 'paid',
        decided_at: new Date(2026, 10, 25, 9, 15, 0).toISOString(),
        amount_received: 99.5,
        tx_hash: '0xabc',
        member_full_name: '=HYPERLINK("x")',
      }),
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      `\uFEFF"Kod";"Członek";"E-mail";"Telefon";"Pozycja";"Metoda";"Kwota";"Waluta";"Utworzono";"Status";"Rozpatrzono";"Otrzymana kwota";"Hash transakcji";"Powód odrzucenia"`,
    );
    expect(lines[1]).toBe(
      `"KLB-ABC234";"Anna Kowalska";"anna@example.com";"'+48500100200";"Członkostwo VIP (rok)";"Przelew";"2500";"PLN";"2026-11-24 12:00:00";"Oczekuje na potwierdzenie";"";"";"";""`,
    );
    expect(lines[2]).toMatch(
      /^"KLB-XYZ789";"'=HYPERLINK\(""x""\)";"anna@example\.com";"'\+48500100200";"Członkostwo VIP \(rok\)";"USDT";"99,5";"USDT";"2026-11-24 12:00:00";"Opłacone";"2026-11-25 09:15:00";"99,5";"0xabc";""$/,
    );
    expect(lines).toHaveLength(4);
  });
});
