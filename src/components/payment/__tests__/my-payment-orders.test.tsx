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
