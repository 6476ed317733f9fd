import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { listedUser } from './fixtures';
import { mockRpc, mockTable, postgrestFailure, renderAdmin } from '../../../testing/render-admin';
import { WalletDialog } from '../wallet-dialog';

function setup(answer: Parameters<typeof mockRpc>[1] = { available_balance: 150, pending_balance: 0 }) {
  const member = listedUser({ full_name: 'Anna Nowak' });
  mockTable('get', 'wallet_balances', { available_balance: 100, pending_balance: 10, total_balance: 110 });
  mockTable('get', 'wallet_transactions', () =>
    HttpResponse.json(
      [
        {
          id: 1,
          kind: 'credit',
          available_delta: 100,
          pending_delta: 0,
          available_after: 100,
          pending_after: 0,
          note: 'Wpłata startowa',
          created_at: '2026-11-20T10:00:00Z',
          withdrawal: null,
        },
      ],
      { headers: { 'Content-Range': '0-0/1' } },
    ),
  );
  const calls = mockRpc('admin_adjust_wallet', answer);
  const view = renderAdmin(<WalletDialog user={member} onClose={() => undefined} />);
  return { ...view, member, calls };
}

describe("the admin's 'Portfel' of a member", () => {
  it('shows the balance and the history, and credits with the reason', async () => {
    const { user, member, calls } = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Portfel: Anna Nowak' });
    expect(await within(dialog).findByTestId('admin-wallet-available')).toHaveTextContent('100,00 USDT');
    expect(await within(dialog).findByText('Wpłata startowa')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Kwota (USDT)'), '50,5');
    await user.type(within(dialog).getByLabelText(/^Powód/), 'Premia');
    await user.click(within(dialog).getByRole('button', { name: 'Zatwierdź' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      p_user_id: member.user_id,
      p_direction: 'credit',
      p_amount: 50.5,
      p_reason: 'Premia',
    });
  });

  it('requires a reason and keeps what was typed when the debit is refused', async () => {
    const { user, calls } = setup(() => postgrestFailure(400, 'P0001', 'wallet.insufficient_funds'));
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Operacja'), 'debit');
    await user.type(within(dialog).getByLabelText('Kwota (USDT)'), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Zatwierdź' }));
    expect(await within(dialog).findByText('Podaj powód (maksymalnie 500 znaków)')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Powód/), 'Korekta');
    await user.click(within(dialog).getByRole('button', { name: 'Zatwierdź' }));
    expect(await within(dialog).findByText('Niewystarczające środki')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Kwota (USDT)')).toHaveValue('500');
    expect(within(dialog).getByLabelText(/^Powód/)).toHaveValue('Korekta');
  });
});
