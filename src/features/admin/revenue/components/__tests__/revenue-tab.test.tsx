import { screen, waitFor, within } from '@testing-library/react';
import { mockRpc, mockTable, postgrestFailure, renderAdmin } from '../../../testing/render-admin';
import { definitionOf } from '@/testing/queries';
import { RevenueTab } from '../revenue-tab';

describe('the revenue tab', () => {
  it('shows the latest revenue and the profit pools (5 %, 15 %, 20 %)', async () => {
    mockTable('get', 'ecommerce_revenue', [
      {
        id: '1',
        amount: 100000,
        created_at: '2026-11-20T10:00:00Z',
        corrected_at: null,
        correction_reason: null,
        voided_at: null,
        void_reason: null,
        payout_runs: [],
      },
    ]);
    renderAdmin(<RevenueTab />);
    expect(await screen.findByText('START (5%)')).toBeInTheDocument();
    const pools = screen.getByRole('region', { name: 'Pule zysku' });
    expect(definitionOf(pools, 'PREMIUM (15%)')).toHaveTextContent('15 000 zł');
    expect(definitionOf(pools, 'VIP (20%)')).toHaveTextContent('20 000 zł');
  });

  it('takes an amount ≥ 0 with at most 2 decimals and records it as a new row', async () => {
    mockTable('get', 'ecommerce_revenue', []);
    const inserts = mockTable('post', 'ecommerce_revenue', {
      id: '2',
      amount: 1234.5,
      created_at: '2026-11-21T10:00:00Z',
    });
    const { user } = renderAdmin(<RevenueTab />);
    const amount = screen.getByLabelText('Kwota (PLN)');
    await user.type(amount, '-5');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(
      await screen.findByText('Wprowadź kwotę nie mniejszą niż 0 (maksymalnie 2 miejsca po przecinku)'),
    ).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '1234,5');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(inserts[0]?.body).toEqual({ amount: 1234.5 }));
    await waitFor(() => expect(amount).toHaveValue(''));
  });

  it('shows a failed save', async () => {
    mockTable('get', 'ecommerce_revenue', []);
    mockTable('post', 'ecommerce_revenue', () => postgrestFailure(500, 'XX000', 'boom'));
    const { user } = renderAdmin(<RevenueTab />);
    await user.type(screen.getByLabelText('Kwota (PLN)'), '10');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się zapisać przychodu');
  });

  it('corrects or voids an entry not paid out with a reason; a paid or voided entry offers neither', async () => {
    const entry = (id: string, extra: object = {}) => ({
      id,
      amount: 500,
      created_at: '2026-11-20T10:00:00Z',
      corrected_at: null,
      correction_reason: null,
      voided_at: null,
      void_reason: null,
      payout_runs: [],
      ...extra,
    });
    mockTable('get', 'ecommerce_revenue', [
      entry('open'),
      entry('paid', { payout_runs: [{ reversed_at: null }] }),
      entry('void', { voided_at: '2026-11-21T10:00:00Z', void_reason: 'Podwójny' }),
    ]);
    const corrections = mockRpc('admin_correct_revenue', { ...entry('open'), amount: 450 });
    const voids = mockRpc('admin_void_revenue', () => postgrestFailure(400, 'P0001', 'payouts.already_paid'));
    const { user } = renderAdmin(<RevenueTab />);
    await screen.findByText(/unieważniony: Podwójny/);
    expect(screen.getAllByRole('button', { name: /^Popraw wpis z / })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: /^Popraw wpis z / }));
    const dialog = await screen.findByRole('dialog', { name: 'Poprawić wpis przychodu?' });
    await user.type(within(dialog).getByLabelText('Nowa kwota (PLN)'), '450');
    await user.click(within(dialog).getByRole('button', { name: 'Popraw' }));
    expect(await within(dialog).findByText('Podaj powód (maksymalnie 500 znaków)')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Powód/), 'Literówka');
    await user.click(within(dialog).getByRole('button', { name: 'Popraw' }));
    await waitFor(() =>
      expect(corrections[0]?.body).toEqual({ p_revenue_id: 'open', p_amount: 450, p_reason: 'Literówka' }),
    );

    await user.click(screen.getByRole('button', { name: /^Unieważnij wpis z / }));
    const voidDialog = await screen.findByRole('dialog', { name: 'Unieważnić wpis przychodu?' });
    await user.type(within(voidDialog).getByLabelText(/^Powód/), 'Błąd');
    await user.click(within(voidDialog).getByRole('button', { name: 'Unieważnij' }));
    expect(await within(voidDialog).findByRole('alert')).toHaveTextContent('Ten wpis przychodu został już wypłacony');
    expect(voids[0]?.body).toEqual({ p_revenue_id: 'open', p_reason: 'Błąd' });
  });
});
