import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/msw/handlers';
import { rpcUrl } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { mockRpc, mockTable, postgrestFailure, renderAdmin } from '../../../testing/render-admin';
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
  beforeEach(() => {
    mockTable('get', 'payment_settings', {
      order_expiry_days: 7,
      daily_order_limit: 30,
      updated_at: '2026-11-20T10:00:00Z',
    });
  });

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
    // A transaction is its network and hash: without the network nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Potwierdź' }));
    expect(await within(dialog).findByText('Wybierz sieć, w której wysłano transakcję USDT.')).toBeInTheDocument();
    expect(confirms).toHaveLength(0);
    await user.selectOptions(within(dialog).getByLabelText('Sieć transakcji USDT'), 'BSC');
    await user.click(within(dialog).getByRole('button', { name: 'Potwierdź' }));
    await waitFor(() =>
      expect(confirms[0]?.body).toEqual({
        p_order_id: order.id,
        p_amount_received: 1219.5,
        p_tx_hash: TX,
        p_network: 'BSC',
      }),
    );
    expect(await screen.findByText('Potwierdzono płatność KLB-7F3K2Q')).toBeInTheDocument();
  });

  it('records the second payment of an underpaid order (what is still due by default) and late money for an expired one', async () => {
    const underpaid = { ...order, status: 'underpaid', amount_received: 1000, shortfall: 220, method: 'transfer' };
    const expired = {
      ...order,
      reference: 'KLB-EXPIR1',
      id: crypto.randomUUID(),
      status: 'expired',
      method: 'transfer',
    };
    mockRpc('admin_list_payment_orders', [underpaid, expired]);
    const confirms = mockRpc('admin_confirm_payment', [
      { changed: true, payment_order: { ...underpaid, status: 'paid' } },
    ]);
    const { user } = renderAdmin(<PaymentsTab />);
    expect(await screen.findByRole('button', { name: 'Dopłata do płatności KLB-7F3K2Q' })).toHaveTextContent('Dopłata');
    expect(screen.queryByRole('button', { name: 'Potwierdź płatność KLB-7F3K2Q' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dopłata do płatności KLB-7F3K2Q' }));
    const dialog = screen.getByRole('dialog', { name: 'Zarejestruj dopłatę' });
    expect(dialog).toHaveTextContent('Otrzymano dotąd1000,00 USDT');
    expect(dialog).toHaveTextContent('Brakuje220,00 USDT');
    expect(within(dialog).getByLabelText('Otrzymana kwota (USDT)')).toHaveValue('220');
    await user.click(within(dialog).getByRole('button', { name: 'Zarejestruj dopłatę' }));
    await waitFor(() => expect(confirms[0]?.body).toEqual({ p_order_id: order.id, p_amount_received: 220 }));
    expect(await screen.findByText('Zarejestrowano wpłatę KLB-7F3K2Q')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Wpłata do płatności KLB-EXPIR1' }));
    const late = screen.getByRole('dialog', { name: 'Zarejestruj wpłatę' });
    expect(late).toHaveTextContent('jeśli pozycja jest jeszcze dostępna; inaczej kwota trafi do zwrotu');
    expect(within(late).getByLabelText('Otrzymana kwota (USDT)')).toHaveValue('1220');
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

  it('shows what came in for the new statuses, offers a refund only where money came in', async () => {
    mockRpc('admin_list_payment_orders', [
      { ...order, reference: 'KLB-UNDER1', status: 'underpaid', amount_received: 1000, shortfall: 220 },
      { ...order, reference: 'KLB-SURPL1', status: 'paid', amount_received: 1300, surplus: 80 },
      { ...order, reference: 'KLB-TOREF1', status: 'to_refund', amount_received: 1220 },
      { ...order, reference: 'KLB-EXPIR1', status: 'expired' },
      {
        ...order,
        reference: 'KLB-REFUN1',
        status: 'refunded',
        amount_received: 1220,
        refunded_at: '2026-11-26T08:30:00Z',
        refund_method: 'usdt',
        refund_reference: '0xdef',
        refund_reason: 'Rezygnacja',
      },
    ]);
    renderAdmin(<PaymentsTab />);
    const row = async (reference: string) => screen.findByRole('row', { name: new RegExp(reference) });
    expect(await row('KLB-UNDER1')).toHaveTextContent('Niedopłata');
    expect(await row('KLB-UNDER1')).toHaveTextContent('Otrzymano 1000,00 USDT');
    expect(await row('KLB-UNDER1')).toHaveTextContent('Brakuje 220,00 USDT');
    expect(await row('KLB-SURPL1')).toHaveTextContent('Nadpłata 80,00 USDT');
    expect(await row('KLB-TOREF1')).toHaveTextContent('Do zwrotu');
    expect(await row('KLB-EXPIR1')).toHaveTextContent('Wygasłe');
    const refunded = await row('KLB-REFUN1');
    expect(refunded).toHaveTextContent('Zwrócone');
    expect(refunded).toHaveTextContent(/Zwrócono .* \(USDT: 0xdef\)/);
    expect(refunded).toHaveTextContent('Rezygnacja');
    for (const reference of ['KLB-UNDER1', 'KLB-SURPL1', 'KLB-TOREF1'])
      expect(screen.getByRole('button', { name: `Zwróć płatność ${reference}` })).toBeInTheDocument();
    for (const reference of ['KLB-EXPIR1', 'KLB-REFUN1'])
      expect(screen.queryByRole('button', { name: `Zwróć płatność ${reference}` })).not.toBeInTheDocument();
  });

  it('refunds with a reason, a method and a reference; a refusal keeps what was typed', async () => {
    const paid = { ...order, status: 'paid', amount_received: 1220 };
    mockRpc('admin_list_payment_orders', [paid]);
    let answer: 'fail' | 'ok' = 'fail';
    const refunds = mockRpc('admin_refund_payment', () =>
      answer === 'fail'
        ? postgrestFailure(400, 'P0001', 'payments.not_refundable')
        : [{ changed: true, payment_order: { ...paid, status: 'refunded' } }],
    );
    const { user } = renderAdmin(<PaymentsTab />);
    await user.click(await screen.findByRole('button', { name: 'Zwróć płatność KLB-7F3K2Q' }));
    const dialog = screen.getByRole('dialog', { name: 'Zwróć płatność' });
    expect(dialog).toHaveTextContent('1220,00 USDT');
    await user.click(within(dialog).getByRole('button', { name: 'Zwróć' }));
    expect(await within(dialog).findByText('Podaj powód zwrotu (maksymalnie 500 znaków)')).toBeInTheDocument();
    expect(within(dialog).getByText('Wybierz sposób zwrotu.')).toBeInTheDocument();
    expect(within(dialog).getByText('Podaj tytuł przelewu lub hash transakcji zwrotu.')).toBeInTheDocument();
    expect(refunds).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Powód zwrotu/), 'Rezygnacja');
    await user.selectOptions(within(dialog).getByLabelText('Sposób zwrotu'), 'usdt');
    await user.type(within(dialog).getByLabelText('Tytuł przelewu lub hash transakcji zwrotu'), '0xdef');
    await user.click(within(dialog).getByRole('button', { name: 'Zwróć' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Zwrócić można tylko płatność opłaconą, z niedopłatą lub do zwrotu.',
    );
    expect(within(dialog).getByLabelText(/^Powód zwrotu/)).toHaveValue('Rezygnacja');
    expect(within(dialog).getByLabelText('Sposób zwrotu')).toHaveValue('usdt');
    answer = 'ok';
    await user.click(within(dialog).getByRole('button', { name: 'Zwróć' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(refunds.map((call) => call.body)).toEqual([
      { p_order_id: order.id, p_reason: 'Rezygnacja', p_method: 'usdt', p_reference: '0xdef' },
      { p_order_id: order.id, p_reason: 'Rezygnacja', p_method: 'usdt', p_reference: '0xdef' },
    ]);
    expect(await screen.findByText('Zwrócono płatność KLB-7F3K2Q')).toBeInTheDocument();
  });

  it('edits the order settings: checks the ranges, sends them, and keeps what was typed when refused', async () => {
    mockRpc('admin_list_payment_orders', [order]);
    let answer: 'fail' | 'ok' = 'fail';
    const saves = mockRpc('admin_update_payment_settings', () =>
      answer === 'fail'
        ? postgrestFailure(403, '42501', 'auth.forbidden')
        : { id: true, order_expiry_days: 14, daily_order_limit: 5, updated_at: '2026-11-27T10:00:00Z' },
    );
    const { user } = renderAdmin(<PaymentsTab />);
    const expiry = await screen.findByLabelText('Dni do wygaśnięcia zamówienia (1–60)');
    const limit = screen.getByLabelText('Limit zamówień członka na dobę (1–100)');
    expect(expiry).toHaveValue('7');
    expect(limit).toHaveValue('30');
    await user.clear(expiry);
    await user.type(expiry, '61');
    await user.clear(limit);
    await user.type(limit, '0');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Podaj liczbę dni od 1 do 60.')).toBeInTheDocument();
    expect(screen.getByText('Podaj limit od 1 do 100.')).toBeInTheDocument();
    expect(saves).toHaveLength(0);
    await user.clear(expiry);
    await user.type(expiry, '14');
    await user.clear(limit);
    await user.type(limit, '5');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(expiry).toHaveValue('14');
    expect(limit).toHaveValue('5');
    answer = 'ok';
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Zapisano ustawienia zamówień')).toBeInTheDocument();
    expect(saves.map((call) => call.body)).toEqual([
      { p_order_expiry_days: 14, p_daily_order_limit: 5 },
      { p_order_expiry_days: 14, p_daily_order_limit: 5 },
    ]);
  });

  it('exports the list on screen: the button waits while a typed search is applied and its rows load', async () => {
    const other = { ...order, id: crypto.randomUUID(), reference: 'KLB-OTHER1', member_email: 'jan@example.test' };
    let release: () => void = () => undefined;
    const searched = new Promise<void>((resolve) => {
      release = resolve;
    });
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(rpcUrl('admin_list_payment_orders'), async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (!body.p_search) return HttpResponse.json([order, other].map((row) => ({ ...row, total_count: 2 })));
        await searched;
        return HttpResponse.json([other]);
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    const files: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      files.push(this.download);
    });
    const { user } = renderAdmin(<PaymentsTab />);
    await screen.findByRole('row', { name: /KLB-OTHER1/ });
    const button = screen.getByRole('button', { name: 'Pobierz CSV' });
    expect(button).toBeEnabled();

    await user.type(screen.getByLabelText('Szukaj'), 'jan@example.test');
    // Typed, not applied yet: the list still shows both orders, and so the button waits.
    expect(screen.getByRole('row', { name: /KLB-7F3K2Q/ })).toBeInTheDocument();
    expect(button).toBeDisabled();
    // Applied, and its rows on the way: the old rows stay on screen meanwhile, the button still waits.
    await waitFor(() => expect(bodies.at(-1)?.p_search).toBe('jan@example.test'));
    expect(screen.getByRole('row', { name: /KLB-7F3K2Q/ })).toBeInTheDocument();
    expect(button).toBeDisabled();

    release();
    await waitFor(() => expect(screen.queryByRole('row', { name: /KLB-7F3K2Q/ })).not.toBeInTheDocument());
    expect(button).toBeEnabled();
    const before = bodies.length;
    await user.click(button);
    await waitFor(() => expect(files).toEqual(['platnosci.csv']));
    // The export read what the list shows: the search, every page of 100.
    expect(bodies.slice(before)).toEqual([
      { p_status: 'pending', p_search: 'jan@example.test', p_limit: 100, p_offset: 0 },
    ]);
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
