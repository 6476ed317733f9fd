import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/msw/handlers';
import { server } from '@/testing/msw/server';
import { mockRpc, postgrestFailure, renderAdmin } from '../../../testing/render-admin';
import { PaymentsTab } from '../payments-tab';

const order = {
  id: crypto.randomUUID(),
  reference: 'KLB-7F3K2Q',
  user_id: crypto.randomUUID(),
  kind: 'plan',
  plan_tier: 'START',
  ccc_tier: null,
  quantity: 1,
  item_label: 'Plan START',
  method: 'usdt',
  amount: 1220,
  currency: 'USDT',
  status: 'pending',
  created_at: '2026-11-20T10:00:00Z',
  decided_at: null,
  decided_by: null,
  amount_received: null,
  tx_hash: null,
  rejection_reason: null,
  member_full_name: 'Ewa Testowa',
  member_email: 'ewa@example.test',
  member_phone: '+48501234567',
  total_count: 1,
};
const TX = `0x${'c'.repeat(64)}`;

describe("the 'Płatności' tab", () => {
  it('lists pending orders newest first: reference, member, item, method, amount', async () => {
    const calls = mockRpc('admin_list_payment_orders', [order]);
    renderAdmin(<PaymentsTab />);
    const row = await screen.findByRole('row', { name: /KLB-7F3K2Q/ });
    expect(row).toHaveTextContent('Ewa Testowa');
    expect(row).toHaveTextContent('Plan START');
    expect(row).toHaveTextContent('USDT');
    expect(row).toHaveTextContent('1220,00 USDT');
    expect(row).toHaveTextContent('Oczekuje na potwierdzenie');
    expect(calls[0]?.body).toEqual({ p_status: 'pending', p_limit: 20, p_offset: 0 });
  });

  it('filters by status and method and searches (after typing stops)', async () => {
    const calls = mockRpc('admin_list_payment_orders', [order]);
    const { user } = renderAdmin(<PaymentsTab />);
    await screen.findByRole('row', { name: /KLB-7F3K2Q/ });
    await user.selectOptions(screen.getByLabelText('Status'), 'paid');
    await user.selectOptions(screen.getByLabelText('Metoda'), 'transfer');
    await user.type(screen.getByLabelText('Szukaj'), 'klb-7f3k2q');
    await waitFor(() =>
      expect(calls.at(-1)?.body).toEqual({
        p_status: 'paid',
        p_method: 'transfer',
        p_search: 'klb-7f3k2q',
        p_limit: 20,
        p_offset: 0,
      }),
    );
  });

  it('confirms with the amount received and a USDT hash; a bad hash is refused before sending', async () => {
    mockRpc('admin_list_payment_orders', [order]);
    const confirms = mockRpc('admin_confirm_payment', [{ changed: true, payment_order: { ...order, status: 'paid' } }]);
    const { user } = renderAdmin(<PaymentsTab />);
    await user.click(await screen.findByRole('button', { name: 'Potwierdź płatność KLB-7F3K2Q' }));
    const dialog = screen.getByRole('dialog', { name: 'Potwierdź płatność' });
    expect(within(dialog).getByLabelText('Otrzymana kwota (USDT)')).toHaveValue('1220');
    await user.type(within(dialog).getByLabelText(/Hash transakcji USDT/), '0x12');
    await user.click(within(dialog).getByRole('button', { name: 'Potwierdź' }));
    expect(await within(dialog).findByText(/Nieprawidłowy hash transakcji/)).toBeInTheDocument();
    expect(confirms).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText(/Hash transakcji USDT/));
    await user.type(within(dialog).getByLabelText(/Hash transakcji USDT/), TX);
    await user.clear(within(dialog).getByLabelText('Otrzymana kwota (USDT)'));
    await user.type(within(dialog).getByLabelText('Otrzymana kwota (USDT)'), '1219,5');
    await user.click(within(dialog).getByRole('button', { name: 'Potwierdź' }));
    await waitFor(() =>
      expect(confirms[0]?.body).toEqual({ p_order_id: order.id, p_amount_received: 1219.5, p_tx_hash: TX }),
    );
    expect(await screen.findByText('Potwierdzono płatność KLB-7F3K2Q')).toBeInTheDocument();
  });

  it('shows a full CCC tier in the dialog and keeps it open', async () => {
    mockRpc('admin_list_payment_orders', [
      { ...order, kind: 'ccc', item_label: 'Pakiet CCC GOLD', method: 'transfer' },
    ]);
    mockRpc('admin_confirm_payment', () => postgrestFailure(400, 'P0001', 'ccc.no_slots'));
    const { user } = renderAdmin(<PaymentsTab />);
    await user.click(await screen.findByRole('button', { name: 'Potwierdź płatność KLB-7F3K2Q' }));
    const dialog = screen.getByRole('dialog', { name: 'Potwierdź płatność' });
    expect(within(dialog).queryByLabelText(/Hash transakcji USDT/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Potwierdź' }));
    expect(await within(dialog).findByText('Brak dostępnych miejsc')).toBeInTheDocument();
  });

  it('rejects only with a reason', async () => {
    mockRpc('admin_list_payment_orders', [order]);
    const rejects = mockRpc('admin_reject_payment', [
      { changed: true, payment_order: { ...order, status: 'rejected' } },
    ]);
    const { user } = renderAdmin(<PaymentsTab />);
    await user.click(await screen.findByRole('button', { name: 'Odrzuć płatność KLB-7F3K2Q' }));
    const dialog = screen.getByRole('dialog', { name: 'Odrzuć płatność' });
    await user.click(within(dialog).getByRole('button', { name: 'Odrzuć' }));
    expect(await within(dialog).findByText('Podaj powód odrzucenia (maksymalnie 500 znaków)')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Powód/), 'Brak przelewu');
    await user.click(within(dialog).getByRole('button', { name: 'Odrzuć' }));
    await waitFor(() => expect(rejects[0]?.body).toEqual({ p_order_id: order.id, p_reason: 'Brak przelewu' }));
  });

  it('says when there are no orders', async () => {
    mockRpc('admin_list_payment_orders', []);
    renderAdmin(<PaymentsTab />);
    expect(await screen.findByText('Brak płatności')).toBeInTheDocument();
  });

  it('shows a PLN transfer’s Przelewy24 log: each event, whether the sign was valid, the raw body', async () => {
    const transfer = { ...order, method: 'transfer', currency: 'PLN', amount: 4997, status: 'paid' };
    mockRpc('admin_list_payment_orders', [transfer, { ...order, id: crypto.randomUUID(), reference: 'KLB-USDT22' }]);
    const asked: string[] = [];
    server.use(
      http.get(restUrl('/payment_events'), ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('order_id') ?? '');
        return HttpResponse.json([
          {
            id: 1,
            session_id: 'KLB-7F3K2Q-1',
            kind: 'notification',
            outcome: 'bad_signature',
            signature_valid: false,
            http_status: null,
            request_body: '{"sign":"forged"}',
            response_body: null,
            headers: {},
            request_id: 'req-1',
            error: null,
            created_at: '2026-11-20T10:01:00Z',
          },
          {
            id: 2,
            session_id: 'KLB-7F3K2Q-1',
            kind: 'verify',
            outcome: 'verified',
            signature_valid: null,
            http_status: 200,
            request_body: '{"orderId":1}',
            response_body: '{"data":{"status":"success"}}',
            headers: {},
            request_id: 'req-2',
            error: null,
            created_at: '2026-11-20T10:02:00Z',
          },
        ]);
      }),
    );
    const { user } = renderAdmin(<PaymentsTab />);
    await screen.findByRole('row', { name: /KLB-7F3K2Q/ });
    // A USDT order has no gateway log.
    expect(screen.queryByRole('button', { name: 'Zdarzenia Przelewy24 płatności KLB-USDT22' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zdarzenia Przelewy24 płatności KLB-7F3K2Q' }));
    const dialog = screen.getByRole('dialog', { name: 'Zdarzenia Przelewy24: KLB-7F3K2Q' });
    const rows = await within(dialog).findAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      expect.stringMatching(/notification.*KLB-7F3K2Q-1.*bad_signature.*błędny.*–/),
      expect.stringMatching(/verify.*verified.*–.*200/),
    ]);
    expect(within(dialog).getByText(/"sign":"forged"/)).toBeInTheDocument();
    expect(asked).toEqual([`eq.${transfer.id}`]);
  });
});
