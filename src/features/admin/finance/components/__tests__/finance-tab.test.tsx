import { screen, waitFor, within } from '@testing-library/react';
import { mockRpc, postgrestFailure, renderAdmin } from '../../../testing/render-admin';
import { FinanceTab } from '../finance-tab';

const bucket = (orders: number, amount: number) => ({ orders, amount });

const overview = {
  liabilities: {
    available: 1250.5,
    wallets: 3,
    in_withdrawal: 42,
    pending: { count: 2, amount: 30, oldest: '2026-11-28T10:00:00Z' },
    processing: { count: 1, amount: 12, oldest_claim: '2026-12-01T09:00:00Z' },
    commissions: { count: 4, members: 2, total_pln: 1998.8 },
  },
  money_in: [
    {
      month: '2026-11',
      method: 'transfer',
      currency: 'PLN',
      paid: bucket(3, 14991),
      underpaid: bucket(1, 100),
      to_refund: bucket(0, 0),
      refunded: bucket(1, 4997),
    },
  ],
  payouts: [
    {
      month: '2026-11',
      runs: 1,
      members: 4,
      credited_usdt: 49.98,
      credited_pln: 199.98,
      remainder_pln: 200.02,
      commissions: 2,
      settled_pln: 999.4,
      settled_usdt: 249.84,
    },
  ],
  months: 24,
  since: '2024-12-01',
};

const owed = [
  {
    user_id: 'u-anna',
    full_name: 'Anna Nowak',
    email: 'anna@example.com',
    commissions: 3,
    total_pln: 1499.1,
    oldest_at: '2026-11-02T10:00:00Z',
    total_count: 2,
  },
  {
    user_id: 'u-jan',
    full_name: null,
    email: 'jan@example.com',
    commissions: 1,
    total_pln: 499.7,
    oldest_at: '2026-11-10T10:00:00Z',
    total_count: 2,
  },
];

function setup({
  preview = {
    members: 1,
    commissions: 3,
    total_pln: 1499.1,
    total_usdt: 374.77,
    previous_rate: 0.25,
    rate_change_pct: 0,
  },
  settle = { members: 1, commissions: 3, total_pln: 1499.1, total_usdt: 374.77, rate: 0.25 } as
    Record<string, unknown> | (() => Response),
} = {}) {
  mockRpc('admin_finance_overview', overview);
  mockRpc('admin_list_unpaid_commissions', owed);
  const previews = mockRpc('admin_preview_commission_settlement', preview);
  const settlements = mockRpc('admin_settle_commissions', typeof settle === 'function' ? settle : () => settle);
  return { ...renderAdmin(<FinanceTab />), previews, settlements };
}

describe("'Finanse'", () => {
  it('shows the liabilities, each linked to the list behind it, and the monthly tables', async () => {
    setup();
    const liabilities = await screen.findByTestId('finance-liabilities');
    expect(liabilities).toHaveTextContent('1250,50 USDT');
    expect(liabilities).toHaveTextContent('w 3 portfelach');
    expect(within(liabilities).getByRole('link', { name: 'Wypłat: 2' })).toHaveAttribute(
      'href',
      '/dashboard/admin/withdrawals',
    );
    expect(within(liabilities).getByRole('link', { name: 'Wypłat: 1' })).toHaveAttribute(
      'href',
      '/dashboard/admin/withdrawals?status=processing',
    );
    expect(within(liabilities).getByRole('link', { name: '1998,80 zł' })).toHaveAttribute('href', '#prowizje');
    const moneyIn = screen.getByRole('region', { name: 'Tabela: Wpływy według miesięcy' });
    expect(within(moneyIn).getByRole('link', { name: /^14\s991,00 zł$/ })).toHaveAttribute(
      'href',
      '/dashboard/admin/payments?status=paid&method=transfer',
    );
    expect(within(moneyIn).getByRole('link', { name: '4997,00 zł' })).toHaveAttribute(
      'href',
      '/dashboard/admin/payments?status=refunded&method=transfer',
    );
    const payouts = screen.getByRole('region', { name: 'Tabela: Wypłaty według miesięcy' });
    expect(within(payouts).getByRole('link', { name: '49,98 USDT' })).toHaveAttribute(
      'href',
      '/dashboard/admin/profit-payouts',
    );
    expect(payouts).toHaveTextContent('prowizji: 2, 999,40 zł');
  });

  it('settles a referrer after a preview, sending the preview’s count and total with one key per settlement', async () => {
    const { user, previews, settlements } = setup();
    await user.click(await screen.findByRole('button', { name: 'Wypłać prowizje: Anna Nowak' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wypłata prowizji: Anna Nowak' });
    await user.click(within(dialog).getByRole('button', { name: 'Podgląd' }));
    expect(
      within(dialog).getByText('Podaj kurs większy od zera (maksymalnie 6 miejsc po przecinku)'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Kurs PLN→USDT/), '0,25');
    await user.click(within(dialog).getByRole('button', { name: 'Podgląd' }));
    await waitFor(() => expect(previews).toHaveLength(1));
    expect(previews[0]?.body).toEqual({ p_rate: 0.25, p_user_id: 'u-anna' });
    expect(await within(dialog).findByTestId('settlement-preview')).toHaveTextContent('374,77 USDT');
    await user.click(within(dialog).getByRole('button', { name: 'Wypłać 374,77 USDT' }));
    await waitFor(() => expect(settlements).toHaveLength(1));
    expect(settlements[0]?.body).toEqual({
      p_rate: 0.25,
      p_expected_commissions: 3,
      p_expected_total_pln: 1499.1,
      p_idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      p_user_id: 'u-anna',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Wypłacono 374,77 USDT: prowizji 3, partnerów 1.')).toBeInTheDocument();
  });

  it('asks to confirm a rate more than 20 % from the previous one, repeating both, and sends the previous rate', async () => {
    const { user, settlements } = setup({
      preview: {
        members: 2,
        commissions: 4,
        total_pln: 1998.8,
        total_usdt: 7995.2,
        previous_rate: 0.25,
        rate_change_pct: 1500,
      },
    });
    const all = await screen.findByRole('button', { name: 'Wypłać wszystkie prowizje' });
    await waitFor(() => expect(all).toBeEnabled());
    await user.click(all);
    const dialog = await screen.findByRole('dialog', { name: 'Wypłata prowizji: wszyscy partnerzy' });
    await user.type(within(dialog).getByLabelText(/^Kurs PLN→USDT/), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Podgląd' }));
    expect(
      await within(dialog).findByText(/Kurs 4 różni się o 1500,0% od kursu poprzedniej wypłaty prowizji \(0\.25\)/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Wypłać 7995,20 USDT' }));
    expect(within(dialog).getByText('Zaznacz potwierdzenie kursu albo popraw kurs')).toBeInTheDocument();
    expect(settlements).toHaveLength(0);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Potwierdzam kurs 4 zamiast poprzedniego 0.25' }));
    await user.click(within(dialog).getByRole('button', { name: 'Wypłać 7995,20 USDT' }));
    await waitFor(() => expect(settlements).toHaveLength(1));
    expect(settlements[0]?.body).toMatchObject({ p_rate: 4, p_confirmed_previous_rate: 0.25 });
    expect(settlements[0]?.body).not.toHaveProperty('p_user_id');
  });

  it('says why a settlement was refused and retries it with the same key', async () => {
    const { user, settlements } = setup({
      settle: () => postgrestFailure(400, 'P0001', 'referral.settlement_changed'),
    });
    await user.click(await screen.findByRole('button', { name: 'Wypłać prowizje: jan@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wypłata prowizji: jan@example.com' });
    await user.type(within(dialog).getByLabelText(/^Kurs PLN→USDT/), '0.25');
    await user.click(within(dialog).getByRole('button', { name: 'Podgląd' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Wypłać 374,77 USDT' }));
    expect(
      await within(dialog).findByText('Prowizje do wypłaty zmieniły się od podglądu: przygotuj podgląd jeszcze raz'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Wypłać 374,77 USDT' }));
    await waitFor(() => expect(settlements).toHaveLength(2));
    const [first, second] = settlements.map((call) => (call.body as { p_idempotency_key: string }).p_idempotency_key);
    expect(second).toBe(first);
  });
});
