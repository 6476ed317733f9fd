import { screen, waitFor, within } from '@testing-library/react';
import { ledgerKeys, walletKeys } from '@/data/wallet/keys';
import { createTestQueryClient } from '@/testing/render';
import { mockRpc, postgrestFailure, renderAdmin } from '../../../testing/render-admin';
import { WithdrawalsTab } from '../withdrawals-tab';
import { pendingWithdrawal } from './fixtures';

const withdrawal = pendingWithdrawal;
const TX = `0x${'b'.repeat(64)}`;

describe('the payouts tab', () => {
  it('shows the pending queue: member, amount, network and address', async () => {
    const calls = mockRpc('admin_list_withdrawals', [withdrawal]);
    renderAdmin(<WithdrawalsTab />);
    const row = await screen.findByRole('row', { name: /Ewa Testowa/ });
    expect(within(row).getByText('150,50 USDT')).toBeInTheDocument();
    expect(within(row).getByText('ERC20')).toBeInTheDocument();
    expect(within(row).getByText(withdrawal.address)).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ p_status: 'pending', p_limit: 20, p_offset: 0 });
  });

  it('marks a withdrawal completed with a transaction hash (0x + 64 hex)', async () => {
    mockRpc('admin_list_withdrawals', [withdrawal]);
    const completes = mockRpc('admin_complete_withdrawal', { ...withdrawal, status: 'completed' });
    const { user } = renderAdmin(<WithdrawalsTab />);
    // Each row's buttons: the name starts with the visible word (WCAG 2.5.3) and names the withdrawal.
    const complete = await screen.findByRole('button', { name: 'Zrealizowana: wypłata 150,50 USDT' });
    expect(complete).toHaveTextContent(/^Zrealizowana$/);
    const fail = screen.getByRole('button', { name: 'Odrzuć wypłatę 150,50 USDT' });
    expect(fail).toHaveTextContent(/^Odrzuć$/);
    await user.click(complete);
    const dialog = screen.getByRole('dialog', { name: 'Wypłata zrealizowana' });
    await user.type(within(dialog).getByLabelText('Hash transakcji (0x…)'), '0x123');
    await user.click(within(dialog).getByRole('button', { name: 'Zrealizowana' }));
    expect(await within(dialog).findByText('Nieprawidłowy hash transakcji')).toBeInTheDocument();
    expect(completes).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('Hash transakcji (0x…)'));
    await user.type(within(dialog).getByLabelText('Hash transakcji (0x…)'), TX);
    await user.click(within(dialog).getByRole('button', { name: 'Zrealizowana' }));
    await waitFor(() => expect(completes[0]?.body).toEqual({ p_withdrawal_id: withdrawal.id, p_tx_hash: TX }));
  });

  it('fails a withdrawal with a reason; a refusal is shown in the dialog', async () => {
    mockRpc('admin_list_withdrawals', [withdrawal]);
    const fails = mockRpc('admin_fail_withdrawal', () =>
      postgrestFailure(400, 'P0001', 'wallet.withdrawal_not_pending'),
    );
    const { user } = renderAdmin(<WithdrawalsTab />);
    await user.click(await screen.findByRole('button', { name: 'Odrzuć wypłatę 150,50 USDT' }));
    const dialog = screen.getByRole('dialog', { name: 'Odrzuć wypłatę' });
    await user.click(within(dialog).getByRole('button', { name: 'Odrzuć' }));
    expect(await within(dialog).findByText('Podaj powód (maksymalnie 500 znaków)')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Powód/), 'Nieprawidłowy adres sieci');
    await user.click(within(dialog).getByRole('button', { name: 'Odrzuć' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ta wypłata została już rozliczona');
    expect(fails[0]?.body).toEqual({ p_withdrawal_id: withdrawal.id, p_reason: 'Nieprawidłowy adres sieci' });
  });

  // One wallet root for both sides: the member's eWallet (balance, ledger, withdrawals), if it is in
  // this browser's cache, never shows the state from before the admin's decision.
  describe.each([
    {
      decision: 'completed',
      rpc: 'admin_complete_withdrawal',
      button: 'Zrealizowana: wypłata 150,50 USDT',
      dialog: 'Wypłata zrealizowana',
      field: 'Hash transakcji (0x…)',
      value: TX,
      submit: 'Zrealizowana',
    },
    {
      decision: 'failed',
      rpc: 'admin_fail_withdrawal',
      button: 'Odrzuć wypłatę 150,50 USDT',
      dialog: 'Odrzuć wypłatę',
      field: /^Powód/,
      value: 'Nieprawidłowy adres sieci',
      submit: 'Odrzuć',
    },
  ])('a decision ($decision)', ({ decision, rpc, button, dialog: dialogName, field, value, submit }) => {
    it('refreshes the member’s wallet balance, ledger and withdrawals as well as the queue', async () => {
      const queryClient = createTestQueryClient();
      const member = withdrawal.user_id;
      const memberKeys = [ledgerKeys.balance(member), ledgerKeys.page(member, 0), walletKeys.withdrawals(member)];
      for (const key of memberKeys) queryClient.setQueryData(key, { cached: true });
      mockRpc('admin_list_withdrawals', [withdrawal]);
      const decisions = mockRpc(rpc, { ...withdrawal, status: decision });
      const { user } = renderAdmin(<WithdrawalsTab />, { queryClient });
      await user.click(await screen.findByRole('button', { name: button }));
      const dialog = screen.getByRole('dialog', { name: dialogName });
      await user.type(within(dialog).getByLabelText(field), value);
      expect(memberKeys.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([false, false, false]);
      await user.click(within(dialog).getByRole('button', { name: submit }));
      await waitFor(() => expect(decisions).toHaveLength(1));
      await waitFor(() =>
        expect(memberKeys.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([true, true, true]),
      );
    });
  });

  it('lists processed ones by status, and says when the queue is empty', async () => {
    const calls = mockRpc('admin_list_withdrawals', (call) =>
      call.body.p_status === 'completed' ? [{ ...withdrawal, status: 'completed', tx_hash: TX }] : [],
    );
    const { user } = renderAdmin(<WithdrawalsTab />);
    expect(await screen.findByText('Brak oczekujących wypłat')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'completed');
    expect(await screen.findByText(TX)).toBeInTheDocument();
    expect(calls.at(-1)?.body).toMatchObject({ p_status: 'completed' });
  });
});
