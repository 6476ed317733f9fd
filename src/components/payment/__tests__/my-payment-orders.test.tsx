import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { MyPaymentOrder } from '@/data/payments/get-my-payment-orders';
import { buildSession, buildUser } from '@/testing/factories';
import { postgrestError, restUrl } from '@/testing/msw/handlers';
import { server } from '@/testing/msw/server';
import { getByRoleWithText } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { MyPaymentOrders } from '../my-payment-orders';

/** An order as get_my_payment_orders returns it (the generated row type says nothing of nulls). */
function order(values: Partial<Record<keyof MyPaymentOrder, unknown>>): MyPaymentOrder {
  const row = {
    id: crypto.randomUUID(),
    reference: 'KLB-AAAAAA',
    kind: 'plan',
    plan_tier: 'START',
    ccc_tier: null,
    quantity: 1,
    item_label: 'Plan START',
    method: 'transfer',
    amount: 4997,
    currency: 'PLN',
    status: 'pending',
    created_at: '2026-11-25T10:00:00+00:00',
    decided_at: null,
    rejection_reason: null,
    tx_hash: null,
    membership_valid_until: null,
    ...values,
  };
  return row as unknown as MyPaymentOrder;
}

function setup() {
  const supabase = createTestSupabase();
  const session = buildSession(buildUser({ email: 'ewa@example.pl' }));
  return renderWithProviders(<MyPaymentOrders />, { supabase, session });
}

const row = (reference: string) => getByRoleWithText('listitem', reference);

describe('Moje płatności', () => {
  it('states the period a paid plan gave, as the plan dialog did before paying', async () => {
    server.use(
      http.post(restUrl('/rpc/get_my_payment_orders'), () =>
        HttpResponse.json([
          order({
            reference: 'KLB-UPGR11',
            status: 'paid',
            plan_tier: 'VIP',
            item_label: 'Plan VIP',
            decided_at: '2026-11-27T09:00:00+00:00',
            period_first_day: '2026-11-27',
            period_last_day: '2028-02-02',
            period_extra_days: 68,
            period_from_level: 'PREMIUM',
          }),
          order({ reference: 'KLB-PEND22' }),
        ]),
      ),
    );
    setup();
    await screen.findByText('KLB-UPGR11');
    expect(row('KLB-UPGR11')).toHaveTextContent(
      'Plan VIP od 27.11.2026 do 02.02.2028 (w tym 68 dni za niewykorzystany okres PREMIUM)',
    );
    expect(within(row('KLB-PEND22')).queryByTestId('order-period')).not.toBeInTheDocument();
  });

  it('lists item, method, amount, reference and the status in Polish, with the rejection reason', async () => {
    server.use(
      http.post(restUrl('/rpc/get_my_payment_orders'), () =>
        HttpResponse.json([
          order({ reference: 'KLB-PEND22' }),
          order({
            reference: 'KLB-PAID33',
            status: 'paid',
            method: 'usdt',
            amount: 1220,
            currency: 'USDT',
            decided_at: '2026-11-26T09:00:00+00:00',
          }),
          order({ reference: 'KLB-REJE44', status: 'rejected', rejection_reason: 'Brak przelewu' }),
          order({ reference: 'KLB-CANC55', status: 'cancelled', item_label: 'Pakiet CCC GOLD', kind: 'ccc' }),
        ]),
      ),
    );
    setup();
    await screen.findByText('KLB-PEND22');
    expect(row('KLB-PEND22')).toHaveTextContent('Plan START');
    expect(row('KLB-PEND22')).toHaveTextContent('Przelew');
    expect(row('KLB-PEND22')).toHaveTextContent('4997 zł');
    expect(row('KLB-PEND22')).toHaveTextContent('Oczekuje na potwierdzenie');
    expect(row('KLB-PAID33')).toHaveTextContent('Opłacone');
    expect(row('KLB-PAID33')).toHaveTextContent('1220,00 USDT');
    expect(row('KLB-PAID33')).toHaveTextContent('Opłacono 26.11.2026');
    expect(row('KLB-REJE44')).toHaveTextContent('Odrzucone');
    expect(row('KLB-REJE44')).toHaveTextContent('Powód: Brak przelewu');
    expect(row('KLB-CANC55')).toHaveTextContent('Anulowane');
    expect(screen.getAllByRole('button', { name: /Anuluj płatność/ })).toHaveLength(1);
  });

  it('shows the new statuses with what came in, the expiry and the refund with its reason', async () => {
    server.use(
      http.post(restUrl('/rpc/get_my_payment_orders'), () =>
        HttpResponse.json([
          order({ reference: 'KLB-PEND66', expires_at: '2026-12-02T10:00:00+00:00' }),
          order({ reference: 'KLB-EXPI77', status: 'expired', expires_at: '2026-11-20T10:00:00+00:00' }),
          order({ reference: 'KLB-UNDE88', status: 'underpaid', amount_received: 4000, shortfall: 997 }),
          order({ reference: 'KLB-SURP99', status: 'paid', amount_received: 5000, surplus: 3 }),
          order({ reference: 'KLB-TORE11', status: 'to_refund', amount_received: 4997 }),
          order({
            reference: 'KLB-REFU22',
            status: 'refunded',
            amount_received: 4997,
            refunded_at: '2026-11-26T09:00:00+00:00',
            refund_reason: 'Rezygnacja w terminie',
          }),
        ]),
      ),
    );
    setup();
    await screen.findByText('KLB-PEND66');
    const pending = row('KLB-PEND66');
    expect(pending).toHaveTextContent('Oczekuje na potwierdzenie');
    expect(pending).toHaveTextContent(/Ważne do 02\.12\.2026/);
    expect(row('KLB-EXPI77')).toHaveTextContent('Wygasłe');
    expect(row('KLB-EXPI77')).toHaveTextContent(/Wygasło 20\.11\.2026/);
    expect(row('KLB-EXPI77')).not.toHaveTextContent('Anuluj płatność');
    expect(row('KLB-UNDE88')).toHaveTextContent('Niedopłata');
    expect(row('KLB-UNDE88')).toHaveTextContent('Otrzymaliśmy 4000 zł, brakuje 997 zł');
    expect(row('KLB-SURP99')).toHaveTextContent('Opłacone');
    expect(row('KLB-SURP99')).toHaveTextContent('Otrzymaliśmy 5000 zł, nadpłata 3 zł');
    expect(row('KLB-TORE11')).toHaveTextContent('Do zwrotu');
    expect(row('KLB-TORE11')).toHaveTextContent('Otrzymaliśmy 4997 zł: zwrócimy tę kwotę');
    const refunded = row('KLB-REFU22');
    expect(refunded).toHaveTextContent('Zwrócone');
    expect(refunded).toHaveTextContent('Zwrócono 4997 zł dnia 26.11.2026');
    expect(refunded).toHaveTextContent('Powód: Rezygnacja w terminie');
  });

  it('cancels a pending order and reads the list again', async () => {
    let cancelled = false;
    const calls: unknown[] = [];
    // One order read twice: the database answers with the same id (the list's key) both times.
    const id = crypto.randomUUID();
    server.use(
      http.post(restUrl('/rpc/get_my_payment_orders'), () =>
        HttpResponse.json([order({ id, reference: 'KLB-PEND22', status: cancelled ? 'cancelled' : 'pending' })]),
      ),
      http.post(restUrl('/rpc/cancel_payment_order'), async ({ request }) => {
        calls.push(await request.json());
        cancelled = true;
        return HttpResponse.json(order({ id, reference: 'KLB-PEND22', status: 'cancelled' }));
      }),
    );
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Anuluj płatność KLB-PEND22' }));
    expect(await within(row('KLB-PEND22')).findByText('Anulowane')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Anuluj płatność/ })).not.toBeInTheDocument();
  });

  it('says when there are no orders, and offers a retry when they cannot be read', async () => {
    server.use(
      http.post(restUrl('/rpc/get_my_payment_orders'), () => postgrestError(500, { code: 'XX000', message: 'boom' })),
    );
    setup();
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się pobrać płatności');
    server.use(http.post(restUrl('/rpc/get_my_payment_orders'), () => HttpResponse.json([])));
    await (await screen.findByRole('button', { name: 'Spróbuj ponownie' })).click();
    expect(await screen.findByText('Nie masz jeszcze żadnych płatności')).toBeInTheDocument();
  });
});
