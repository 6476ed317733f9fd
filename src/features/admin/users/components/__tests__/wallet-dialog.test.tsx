import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { listedUser } from './fixtures';
import { mockRpc, mockTable, postgrestFailure, renderAdmin } from '../../../testing/render-admin';
import { WalletDialog } from '../wallet-dialog';

function setup(answer: Parameters<typeof mockRpc>[1] = { available_balance: 150, pending_balance: 0 }) {
  const member = listedUser({ full_name: 'Anna Nowak' });
  mockTable('get', 'wallet_balances', {
    available_balance: 100,
    pending_balance: 10,
    total_balance: 110,
    wallet_debts: [],
  });
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
      p_idempotency_key: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    });
  });

  it('sends the same idempotency key when the same entry is submitted again, a new one for a changed or next entry', async () => {
    let answers = 0;
    const { user, calls } = setup(() => {
      answers += 1;
      // The first answer is lost on its way back (the server may have credited).
      return answers === 1
        ? HttpResponse.error()
        : HttpResponse.json({ available_balance: 150, pending_balance: 0, total_balance: 150, wallet_debts: [] });
    });
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Kwota (USDT)'), '50');
    await user.type(within(dialog).getByLabelText(/^Powód/), 'Premia');
    const submit = within(dialog).getByRole('button', { name: 'Zatwierdź' });
    await user.click(submit);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    await user.click(submit);
    await waitFor(() => expect(calls).toHaveLength(2));
    const keyOf = (index: number) => (calls[index]?.body as { p_idempotency_key: string }).p_idempotency_key;
    expect(keyOf(1)).toBe(keyOf(0));
    // Recorded: the form is empty again; the next entry is a new one.
    await waitFor(() => expect(within(dialog).getByLabelText('Kwota (USDT)')).toHaveValue(''));
    await user.type(within(dialog).getByLabelText('Kwota (USDT)'), '50');
    await user.type(within(dialog).getByLabelText(/^Powód/), 'Premia');
    await user.click(submit);
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(keyOf(2)).not.toBe(keyOf(0));
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
