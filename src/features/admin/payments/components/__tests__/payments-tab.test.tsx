import { screen, waitFor, within } from '@testing-library/react';
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
});
