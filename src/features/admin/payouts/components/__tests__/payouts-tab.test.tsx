import { screen, waitFor, within } from '@testing-library/react';
import { mockRpc, mockTable, postgrestFailure, renderAdmin } from '../../../testing/render-admin';
import { PayoutsTab } from '../payouts-tab';

/** What admin_preview_payout repeats on every row: the run's figures and the previous rate. */
const RUN = { run_members: 4, run_total_pln: 199.98, run_total_usdt: 49.98, previous_rate: 0.25, rate_far: false };

const preview = [
  {
    tier: 'START',
    percentage: 5,
    pool_pln: 50,
    members: 3,
    per_member_pln: 16.66,
    per_member_usdt: 4.16,
    remainder_pln: 0.02,
    already_paid: false,
    ...RUN,
  },
  {
    tier: 'PREMIUM',
    percentage: 15,
    pool_pln: 150,
    members: 1,
    per_member_pln: 150,
    per_member_usdt: 37.5,
    remainder_pln: 0,
    already_paid: false,
    ...RUN,
  },
  {
    tier: 'VIP',
    percentage: 20,
    pool_pln: 200,
    members: 0,
    per_member_pln: 0,
    per_member_usdt: 0,
    remainder_pln: 200,
    already_paid: false,
    ...RUN,
  },
];

function setup(
  run: Parameters<typeof mockRpc>[1] = { members_count: 4, total_usdt: 49.98 },
  rows: typeof preview = preview,
) {
  mockTable('get', 'ecommerce_revenue', [
    { id: 'r-paid', amount: 500, created_at: '2026-11-01T10:00:00Z', payout_runs: [{ id: 'x', reversed_at: null }] },
    { id: 'r1', amount: 1000, created_at: '2026-11-20T10:00:00Z', payout_runs: [] },
    {
      id: 'r-reversed',
      amount: 700,
      created_at: '2026-10-20T10:00:00Z',
      payout_runs: [{ id: 'y', reversed_at: '2026-10-21T10:00:00Z' }],
    },
  ]);
  mockTable('get', 'payout_runs', []);
  const previews = mockRpc('admin_preview_payout', rows);
  const runs = mockRpc('admin_run_payout', run);
  const view = renderAdmin(<PayoutsTab />);
  return { ...view, previews, runs };
}

describe("'Wypłaty zysków'", () => {
  it('offers only entries not paid out, previews per tier with totals and remainder, then runs once confirmed', async () => {
    const { user, previews, runs } = setup();
    const select = await screen.findByRole('combobox', { name: 'Wpis przychodu' });
    // The placeholder, r1 and the entry whose run was reversed.
    expect(within(select).getAllByRole('option')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Podgląd' }));
    expect(screen.getByText('Wybierz wpis przychodu')).toBeInTheDocument();
    expect(previews).toHaveLength(0);
    await user.selectOptions(select, 'r1');
    await user.type(screen.getByLabelText(/^Kurs PLN→USDT/), '0,25');
    await user.click(screen.getByRole('button', { name: 'Podgląd' }));
    await waitFor(() => expect(previews).toHaveLength(1));
    expect(previews[0]?.body).toEqual({ p_revenue_id: 'r1', p_rate: 0.25 });
    const startRow = await screen.findByRole('row', { name: /START/ });
    expect(startRow).toHaveTextContent('16,66 zł');
    expect(startRow).toHaveTextContent('4,16 USDT');
    expect(screen.getByTestId('payout-totals')).toHaveTextContent(
      'Razem: 4 członków, 199,98 zł = 49,98 USDT (kurs 0.25); niewypłacona reszta: 200,02 zł.',
    );
    await user.click(screen.getByRole('button', { name: 'Zatwierdź wypłatę' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zatwierdzić wypłatę zysków?' });
    await user.click(within(dialog).getByRole('button', { name: 'Zatwierdź wypłatę' }));
    await waitFor(() => expect(runs).toHaveLength(1));
    expect(runs[0]?.body).toEqual({
      p_revenue_id: 'r1',
      p_rate: 0.25,
      p_expected_members: 4,
      p_expected_total_pln: 199.98,
      p_expected_total_usdt: 49.98,
    });
  });

  it('stops a rate more than 20 % from the previous run’s with both numbers; corrected, it runs without the confirmation', async () => {
    const far = preview.map((row) => ({ ...row, rate_far: true }));
    const { user, previews, runs } = setup(undefined, far);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Wpis przychodu' }), 'r1');
    const rate = screen.getByLabelText(/^Kurs PLN→USDT/);
    await user.type(rate, '4');
    await user.click(screen.getByRole('button', { name: 'Podgląd' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Kurs 4 USDT za 1 PLN różni się o 1500% od kursu poprzedniej wypłaty (0.25 USDT za 1 PLN).',
    );
    await user.click(screen.getByRole('button', { name: 'Zatwierdź wypłatę' }));
    const warning = await screen.findByRole('dialog', { name: 'Kurs odbiega od poprzedniej wypłaty' });
    expect(warning).toHaveTextContent('Kurs 4 USDT za 1 PLN różni się o 1500% od kursu poprzedniej wypłaty');
    expect(within(warning).getByRole('button', { name: 'Potwierdzam kurs 4 zamiast 0.25' })).toBeInTheDocument();
    await user.click(within(warning).getByRole('button', { name: 'Popraw kurs' }));
    expect(runs).toHaveLength(0);
    await waitFor(() => expect(rate).toHaveFocus());

    previews.length = 0;
    await user.clear(rate);
    await user.type(rate, '4');
    await user.click(screen.getByRole('button', { name: 'Podgląd' }));
    await user.click(await screen.findByRole('button', { name: 'Zatwierdź wypłatę' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Kurs odbiega od poprzedniej wypłaty' })).getByRole('button', {
        name: 'Potwierdzam kurs 4 zamiast 0.25',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Zatwierdzić wypłatę zysków?' });
    await user.click(within(dialog).getByRole('button', { name: 'Zatwierdź wypłatę' }));
    await waitFor(() => expect(runs).toHaveLength(1));
    expect(runs[0]?.body).toMatchObject({ p_rate: 4, p_confirmed_previous_rate: 0.25 });
  });

  it('counts one member in the singular (Polish plurals)', async () => {
    const one = preview.map((row) =>
      row.tier === 'START' ? { ...row, members: 0, per_member_pln: 0, per_member_usdt: 0 } : row,
    );
    const { user } = setup({ members_count: 1, total_usdt: 37.5 }, one);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Wpis przychodu' }), 'r1');
    await user.type(screen.getByLabelText(/^Kurs PLN→USDT/), '0,25');
    await user.click(screen.getByRole('button', { name: 'Podgląd' }));
    expect(await screen.findByTestId('payout-totals')).toHaveTextContent(/^Razem: 1 członek, /);
    await user.click(screen.getByRole('button', { name: 'Zatwierdź wypłatę' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zatwierdzić wypłatę zysków?' });
    expect(dialog).toHaveTextContent('1 członek otrzyma łącznie 37,50 USDT');
    await user.click(within(dialog).getByRole('button', { name: 'Zatwierdź wypłatę' }));
    expect(await screen.findByText('Wypłacono 37,50 USDT dla 1 członka.')).toBeInTheDocument();
  });

  it('keeps the dialog open with the reason when another admin paid the entry first', async () => {
    const { user } = setup(() => postgrestFailure(400, 'P0001', 'payouts.already_paid'));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Wpis przychodu' }), 'r1');
    await user.type(screen.getByLabelText(/^Kurs PLN→USDT/), '0.25');
    await user.click(screen.getByRole('button', { name: 'Podgląd' }));
    await user.click(await screen.findByRole('button', { name: 'Zatwierdź wypłatę' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Zatwierdź wypłatę' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ten wpis przychodu został już wypłacony');
  });
});
