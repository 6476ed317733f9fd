import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/msw/handlers';
import { server } from '@/testing/msw/server';
import { mockRpc, postgrestFailure, renderAdmin } from '../../../testing/render-admin';
import { UnrecognisedTransfers } from '../unrecognised-transfers';
import { UsdtNetworksForm } from '../usdt-networks-form';

const TRON = 'TQ2iB6UZ2T5xZzbyVuxp6xMmTxPE3mTWZX';

const transfer = {
  chain_transfer_id: 42,
  status: 'open',
  network: 'TRC20',
  tx_hash: 'cd'.repeat(32),
  log_index: 0,
  from_address: 'TY19XVXuYHRK9Y2hBRfPXFRuiiGQDzWnQB',
  amount: 123.456789,
  block_number: 68000100,
  block_time: '2026-12-02T10:00:00Z',
  created_at: '2026-12-02T10:01:00Z',
  decided_at: null,
  note: null,
  refund_reference: null,
  order_id: null,
  order_reference: null,
};

describe("'Sieci USDT'", () => {
  it("checks the network's address and the minimum, says the club pays the fees, then saves (audited by the database)", async () => {
    server.use(
      http.get(restUrl('/usdt_networks'), () =>
        HttpResponse.json([
          {
            network: 'TRC20',
            enabled: false,
            receiving_address: null,
            min_withdrawal: 10,
            withdrawal_fee: 1,
            updated_at: '2026-12-01T10:00:00Z',
          },
        ]),
      ),
    );
    const saves = mockRpc('admin_update_usdt_network', () => ({ network: 'TRC20' }));
    const { user } = renderAdmin(<UsdtNetworksForm />);
    const form = await screen.findByRole('form', { name: 'Sieć TRC20' });
    await user.click(within(form).getByRole('checkbox', { name: 'Przyjmuj i wypłacaj USDT w tej sieci' }));
    await user.type(within(form).getByLabelText(/Adres portfela Klubu/), `0x${'ab'.repeat(20)}`);
    expect(
      within(form).getByText('Opłatę sieci za wypłatę pokrywa klub: członek otrzymuje całą kwotę.'),
    ).toBeInTheDocument();
    const minimum = within(form).getByLabelText(/Minimalna wypłata/);
    await user.clear(minimum);
    await user.type(minimum, '0');
    await user.click(within(form).getByRole('button', { name: 'Zapisz' }));
    expect(await within(form).findByText('Nieprawidłowy adres portfela')).toBeInTheDocument();
    expect(
      within(form).getByText('Minimalna wypłata: od 0,01 do 1 000 000 USDT, najwyżej 2 miejsca po przecinku.'),
    ).toBeInTheDocument();
    expect(saves).toHaveLength(0);
    await user.clear(within(form).getByLabelText(/Adres portfela Klubu/));
    await user.type(within(form).getByLabelText(/Adres portfela Klubu/), TRON);
    await user.clear(minimum);
    await user.type(minimum, '12,5');
    await user.click(within(form).getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Zapisano ustawienia sieci TRC20')).toBeInTheDocument();
    expect(saves.map((call) => call.body)).toEqual([
      { p_network: 'TRC20', p_enabled: true, p_receiving_address: TRON, p_min_withdrawal: 12.5 },
    ]);
  });
});

describe("'Nierozpoznane wpłaty'", () => {
  it('lists the open transfers and assigns one to an order by its reference', async () => {
    mockRpc('admin_list_unrecognised_transfers', [transfer]);
    let refused = true;
    const assigns = mockRpc('admin_assign_unrecognised_transfer', () =>
      refused ? postgrestFailure(404, 'P0002', 'payments.order_not_found') : [{ changed: true }],
    );
    const { user } = renderAdmin(<UnrecognisedTransfers />);
    const row = await screen.findByRole('row', { name: /123,46 USDT/ });
    expect(row).toHaveTextContent('TRC20');
    expect(within(row).getByRole('link', { name: transfer.tx_hash })).toHaveAttribute(
      'href',
      `https://tronscan.org/#/transaction/${transfer.tx_hash}`,
    );
    await user.click(within(row).getByRole('button', { name: /^Przypisz do zamówienia: / }));
    const dialog = await screen.findByRole('dialog', { name: 'Przypisz wpłatę do zamówienia' });
    await user.type(within(dialog).getByLabelText('Numer zamówienia (KLB-…)'), 'zle');
    await user.click(within(dialog).getByRole('button', { name: 'Przypisz do zamówienia' }));
    expect(await within(dialog).findByText('Podaj numer zamówienia w postaci KLB-XXXXXX.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Numer zamówienia (KLB-…)'));
    await user.type(within(dialog).getByLabelText('Numer zamówienia (KLB-…)'), 'klb-7f3k2q');
    await user.click(within(dialog).getByRole('button', { name: 'Przypisz do zamówienia' }));
    expect(await within(dialog).findByText(/Nie znaleziono płatności/)).toBeInTheDocument();
    refused = false;
    await user.click(within(dialog).getByRole('button', { name: 'Przypisz do zamówienia' }));
    expect(await screen.findByText('Przypisano wpłatę do zamówienia KLB-7F3K2Q')).toBeInTheDocument();
    expect(assigns.map((call) => call.body)).toEqual([
      { p_transfer_id: 42, p_order_reference: 'KLB-7F3K2Q' },
      { p_transfer_id: 42, p_order_reference: 'KLB-7F3K2Q' },
    ]);
  });

  it('says when there is nothing to recognise', async () => {
    mockRpc('admin_list_unrecognised_transfers', []);
    renderAdmin(<UnrecognisedTransfers />);
    expect(await screen.findByText('Brak nierozpoznanych wpłat')).toBeInTheDocument();
  });
});
