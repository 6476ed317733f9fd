import { screen, waitFor, within } from '@testing-library/react';
import { ledgerKeys, walletKeys } from '@/data/wallet/keys';
import { createTestQueryClient } from '@/testing/render';
import { adminSession } from '@/testing/factories';
import { http, HttpResponse } from 'msw';
import { functionsUrl } from '@/testing/msw/handlers';
import { server } from '@/testing/msw/server';
import { recordPost } from '@/testing/msw/supabase-answers';
import { mockRpc, postgrestFailure, renderAdmin } from '../../../testing/render-admin';
import { WithdrawalsTab } from '../withdrawals-tab';
import { pendingWithdrawal } from './fixtures';

const withdrawal = pendingWithdrawal;
const TX = `0x${'b'.repeat(64)}`;
const session = adminSession();
/** The same request once this admin claimed it ('W realizacji'). */
const claimed = {
  ...withdrawal,
  status: 'processing',
  claimed_by: session.user.id,
  claimed_at: new Date(Date.now() - 12 * 60_000).toISOString(),
  claimant_email: session.user.email,
};
/** The processing list answers with the claimed row, any other status with nothing. */
const processingList = (call: { body: Record<string, unknown> }) =>
  call.body.p_status === 'processing' ? [claimed] : [];

describe('the payouts tab', () => {
  it('shows the pending queue: member, amount, network and address', async () => {
    const calls = mockRpc('admin_list_withdrawals', [withdrawal]);
    renderAdmin(<WithdrawalsTab />);
    const row = await screen.findByRole('row', { name: /Ewa Testowa/ });
    expect(within(row).getByText('150,50 USDT')).toBeInTheDocument();
    expect(within(row).getByText('ERC20')).toBeInTheDocument();
    expect(within(row).getByText(withdrawal.address)).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ p_status: 'pending', p_limit: 20, p_offset: 0 });
    // The total the database counted: what 'Finanse' links here to compare with.
    expect(screen.getByTestId('withdrawals-total')).toHaveTextContent('Wypłat: 1');
  });

  it('claims a pending withdrawal: the list turns to the claimed ones, where this admin holds it', async () => {
    const calls = mockRpc('admin_list_withdrawals', (call) =>
      call.body.p_status === 'pending' ? [withdrawal] : processingList(call),
    );
    const claims = mockRpc('admin_claim_withdrawal', { ...claimed });
    const { user } = renderAdmin(<WithdrawalsTab />, { session });
    const row = await screen.findByRole('row', { name: /Ewa Testowa/ });
    expect(within(row).queryByRole('button', { name: /^Zrealizowana/ })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Przejmij wypłatę 150,50 USDT' }));
    await waitFor(() => expect(claims[0]?.body).toEqual({ p_withdrawal_id: withdrawal.id }));
    expect(await screen.findByText(/Przejęto wypłatę 150,50 USDT/)).toBeInTheDocument();
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ p_status: 'processing' }));
    const held = await screen.findByRole('row', { name: /Ewa Testowa/ });
    expect(within(held).getByText('Ty')).toBeInTheDocument();
    expect(within(held).getByText('od 12 min')).toBeInTheDocument();
    expect(within(held).getByRole('button', { name: 'Zrealizowana: wypłata 150,50 USDT' })).toBeVisible();
  });

  it('says why a new address waits and offers no claim until then', async () => {
    const until = new Date(Date.now() + 5 * 3600_000).toISOString();
    mockRpc('admin_list_withdrawals', [{ ...withdrawal, hold_until: until }]);
    renderAdmin(<WithdrawalsTab />, { session });
    const row = await screen.findByRole('row', { name: /Ewa Testowa/ });
    expect(within(row).getByText(/^Nowy adres: czeka do /)).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Przejmij/ })).not.toBeInTheDocument();
  });

  it("shows another admin's claim with its claimant and no decisions", async () => {
    mockRpc('admin_list_withdrawals', [
      { ...claimed, claimed_by: crypto.randomUUID(), claimant_email: 'kasia@klub.local' },
    ]);
    const { user } = renderAdmin(<WithdrawalsTab />, { session });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Status' }), 'processing');
    const row = await screen.findByRole('row', { name: /Ewa Testowa/ });
    expect(within(row).getAllByText(/kasia@klub\.local/)).toHaveLength(2);
    expect(within(row).queryByRole('button', { name: /Zrealizowana|Odrzuć|Zwolnij/ })).not.toBeInTheDocument();
  });

  it('releases a claim back to the queue with the reason that nothing was sent', async () => {
    mockRpc('admin_list_withdrawals', processingList);
    const releases = mockRpc('admin_release_withdrawal', { ...withdrawal });
    const { user } = renderAdmin(<WithdrawalsTab />, { session });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Status' }), 'processing');
    await user.click(await screen.findByRole('button', { name: 'Zwolnij wypłatę 150,50 USDT' }));
    const dialog = screen.getByRole('dialog', { name: 'Zwolnij wypłatę' });
    expect(within(dialog).getByLabelText(/^Powód/)).toHaveValue('Nic nie zostało wysłane');
    await user.click(within(dialog).getByRole('button', { name: 'Zwolnij' }));
    await waitFor(() =>
      expect(releases[0]?.body).toEqual({ p_withdrawal_id: withdrawal.id, p_reason: 'Nic nie zostało wysłane' }),
    );
  });

  it('completes a withdrawal through the chain check: not final (x/y), a refusal with what differs, then done', async () => {
    mockRpc('admin_list_withdrawals', processingList);
    const verify = recordPost(
      functionsUrl('usdt-verify-withdrawal'),
      (_call, index) =>
        [
          HttpResponse.json({ status: 'not_final', confirmations: 3, required: 19 }, { status: 202 }),
          HttpResponse.json(
            {
              error: {
                code: 'chain.wrong_amount',
                message: 'chain.wrong_amount',
                amount: '150.49',
                expected: '150.50',
              },
            },
            { status: 422 },
          ),
          HttpResponse.json({
            status: 'completed',
            withdrawal: {
              id: withdrawal.id,
              status: 'completed',
              tx_hash: TX,
              block_number: 7,
              block_time: '2026-11-20T10:00:00Z',
            },
          }),
        ][index]!,
    );
    server.use(verify.handler);
    const { user } = renderAdmin(<WithdrawalsTab />, { session });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Status' }), 'processing');
    // Each row's buttons: the name starts with the visible word (WCAG 2.5.3) and names the withdrawal.
    const complete = await screen.findByRole('button', { name: 'Zrealizowana: wypłata 150,50 USDT' });
    expect(complete).toHaveTextContent(/^Zrealizowana$/);
    const fail = screen.getByRole('button', { name: 'Odrzuć wypłatę 150,50 USDT' });
    expect(fail).toHaveTextContent(/^Odrzuć$/);
    expect(screen.getByRole('button', { name: 'Zwolnij wypłatę 150,50 USDT' })).toHaveTextContent(/^Zwolnij$/);
    await user.click(complete);
    const dialog = screen.getByRole('dialog', { name: 'Wypłata zrealizowana' });
    expect(dialog).toHaveTextContent('Wyślij kwotę wypłaty z adresu klubu w sieci ERC20');
    await user.type(within(dialog).getByLabelText('Hash transakcji (0x…)'), '0x123');
    await user.click(within(dialog).getByRole('button', { name: 'Zrealizowana' }));
    expect(await within(dialog).findByText('Nieprawidłowy hash transakcji')).toBeInTheDocument();
    expect(verify.calls).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('Hash transakcji (0x…)'));
    await user.type(within(dialog).getByLabelText('Hash transakcji (0x…)'), TX);
    await user.click(within(dialog).getByRole('button', { name: 'Zrealizowana' }));
    expect(await within(dialog).findByText('Czekamy na potwierdzenia sieci (3/19)')).toHaveAttribute('role', 'status');
    expect(verify.calls[0]?.body).toEqual({ withdrawalId: withdrawal.id, txHash: TX });
    await user.click(within(dialog).getByRole('button', { name: 'Sprawdź ponownie' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Kwota transakcji to 150.49 USDT, a wypłata wynosi 150.50 USDT',
    );
    expect(within(dialog).queryByText(/Czekamy na potwierdzenia/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Zrealizowana' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await screen.findByText('Wypłata 150,50 USDT oznaczona jako zrealizowana')).toBeInTheDocument();
    expect(verify.calls).toHaveLength(3);
  });

  it.each([
    [
      'chain.wrong_recipient',
      { recipients: 'TJmmqjb1DK9TTZbQXzRQ2AuA94z4gKAPFh', expected: pendingWithdrawal.address },
      `Odbiorca transakcji to TJmmqjb1DK9TTZbQXzRQ2AuA94z4gKAPFh, a nie adres członka (${pendingWithdrawal.address})`,
    ],
    ['chain.transfer_used', {}, 'Ta transakcja została już wykorzystana do innej wypłaty lub płatności'],
    ['chain.unavailable', { network: 'ERC20', reason: 'timeout' }, 'Nie udało się połączyć z siecią ERC20.'],
    ['wallet.withdrawal_claimed_by_other', {}, 'Tę wypłatę realizuje inny administrator'],
  ])('shows the refusal %s in the dialog, which stays open', async (code, facts, text) => {
    mockRpc('admin_list_withdrawals', processingList);
    server.use(
      http.post(functionsUrl('usdt-verify-withdrawal'), () =>
        HttpResponse.json(
          { error: { code, message: code, ...facts } },
          { status: code.startsWith('chain.') ? 422 : 409 },
        ),
      ),
    );
    const { user } = renderAdmin(<WithdrawalsTab />, { session });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Status' }), 'processing');
    await user.click(await screen.findByRole('button', { name: 'Zrealizowana: wypłata 150,50 USDT' }));
    const dialog = screen.getByRole('dialog', { name: 'Wypłata zrealizowana' });
    await user.type(within(dialog).getByLabelText('Hash transakcji (0x…)'), TX);
    await user.click(within(dialog).getByRole('button', { name: 'Zrealizowana' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    expect(within(dialog).getByLabelText('Hash transakcji (0x…)')).toHaveValue(TX);
  });

  it('fails a withdrawal with a reason; a refusal is shown in the dialog', async () => {
    mockRpc('admin_list_withdrawals', processingList);
    const fails = mockRpc('admin_fail_withdrawal', () =>
      postgrestFailure(400, 'P0001', 'wallet.withdrawal_tx_recorded'),
    );
    const { user } = renderAdmin(<WithdrawalsTab />, { session });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Status' }), 'processing');
    await user.click(await screen.findByRole('button', { name: 'Odrzuć wypłatę 150,50 USDT' }));
    const dialog = screen.getByRole('dialog', { name: 'Odrzuć wypłatę' });
    await user.click(within(dialog).getByRole('button', { name: 'Odrzuć' }));
    expect(await within(dialog).findByText('Podaj powód (maksymalnie 500 znaków)')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Powód/), 'Nieprawidłowy adres sieci');
    await user.click(within(dialog).getByRole('button', { name: 'Odrzuć' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Hash transakcji jest już zapisany: wypłatę można tylko oznaczyć jako zrealizowaną',
    );
    expect(fails[0]?.body).toEqual({ p_withdrawal_id: withdrawal.id, p_reason: 'Nieprawidłowy adres sieci' });
  });

  // One wallet root for both sides: the member's eWallet (balance, ledger, withdrawals), if it is in
  // this browser's cache, never shows the state from before the admin's decision.
  describe.each([
    {
      decision: 'completed',
      rpc: 'usdt-verify-withdrawal',
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
      mockRpc('admin_list_withdrawals', processingList);
      const decisions =
        decision === 'completed'
          ? (() => {
              const verify = recordPost(functionsUrl('usdt-verify-withdrawal'), () =>
                HttpResponse.json({ status: 'completed', withdrawal: { ...claimed, status: 'completed' } }),
              );
              server.use(verify.handler);
              return verify.calls;
            })()
          : mockRpc(rpc, { ...claimed, status: decision });
      const { user } = renderAdmin(<WithdrawalsTab />, { queryClient, session });
      await user.selectOptions(await screen.findByRole('combobox', { name: 'Status' }), 'processing');
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
