import type { User } from '@supabase/supabase-js';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { buildSession, buildUser, withVerifiedTotp } from '@/testing/factories';
import { postgrestError, restUrl } from '@/testing/msw/handlers';
import { authUrl, gotrueError, recordPost, sessionAnswer, userAnswer } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import type { Withdrawal } from '../../api/get-withdrawals';
import { WalletPage } from '../wallet-page';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const HASH = `0x${'ab'.repeat(32)}`;

function withdrawal(values: Partial<Withdrawal>): Withdrawal {
  return {
    id: crypto.randomUUID(),
    amount: 10,
    network: 'ERC20',
    address: ADDRESS,
    status: 'pending',
    tx_hash: null,
    created_at: '2026-11-20T10:00:00+00:00',
    ...values,
  };
}

type Balance = { available_balance: number; pending_balance: number; total_balance: number };

function serve({
  balance = { available_balance: 1250, pending_balance: 0, total_balance: 1250 },
  history = [] as Withdrawal[],
  account = buildUser(),
}: { balance?: Balance; history?: Withdrawal[]; account?: User } = {}) {
  const balanceReads: string[] = [];
  server.use(
    http.get(restUrl('/wallet_balances'), ({ request }) => {
      balanceReads.push(new URL(request.url).search);
      return HttpResponse.json(balance);
    }),
    http.get(restUrl('/withdrawals'), () => HttpResponse.json(history)),
    http.get(authUrl('/user'), () => userAnswer(account)),
  );
  return { balanceReads };
}

function setup(account = buildUser(), aal: 'aal1' | 'aal2' = 'aal1') {
  const supabase = createTestSupabase();
  const view = renderWithProviders(<WalletPage />, { supabase, session: buildSession(account, { aal }) });
  return { ...view, supabase, account };
}

const amountField = () => screen.getByLabelText(/^Kwota \(USDT\)/);
const addressField = () => screen.getByLabelText('Adres portfela');
const networkField = () => screen.getByLabelText('Sieć');
const submit = () => screen.getByRole('button', { name: 'Wypłać' });

describe('eWallet: balance and history', { timeout: 15_000 }, () => {
  it("shows 'Ładowanie portfela...', then available, in withdrawal and total in USDT with 2 decimals", async () => {
    serve({ balance: { available_balance: 1250, pending_balance: 100.5, total_balance: 1350.5 } });
    setup();
    expect(screen.getByRole('status')).toHaveTextContent('Ładowanie portfela...');
    const card = await screen.findByRole('region', { name: 'Saldo' });
    const value = (label: string) => within(card).getByText(label).nextSibling;
    expect(value('Dostępne')).toHaveTextContent('1250,00 USDT');
    expect(value('W trakcie wypłaty')).toHaveTextContent('100,50 USDT');
    expect(value('Łącznie')).toHaveTextContent('1350,50 USDT');
  });

  it("says 'Brak historii wypłat' with no withdrawals", async () => {
    serve();
    setup();
    expect(await screen.findByText('Brak historii wypłat')).toBeInTheDocument();
  });

  it('lists withdrawals with status icon, amount, network, date, address and the explorer of the chain', async () => {
    serve({
      history: [
        withdrawal({ id: 'w1', status: 'pending', amount: 50 }),
        withdrawal({ id: 'w2', status: 'completed', network: 'ERC20', tx_hash: HASH, amount: 20 }),
        withdrawal({ id: 'w3', status: 'completed', network: 'BSC', tx_hash: HASH, amount: 30 }),
        withdrawal({ id: 'w4', status: 'failed', network: 'BSC', amount: 40 }),
      ],
    });
    setup();
    const history = await screen.findByRole('region', { name: 'Historia wypłat' });
    const rows = within(history).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('[data-status-icon]')?.getAttribute('data-status-icon'))).toEqual([
      'pending',
      'completed',
      'completed',
      'failed',
    ]);
    expect(rows[0]!.querySelector('[data-status-icon]')).toHaveClass('animate-spin');
    expect(rows[1]!.querySelector('[data-status-icon]')).toHaveClass('text-success');
    expect(rows[3]!.querySelector('[data-status-icon]')).toHaveClass('text-danger');
    expect(rows[0]).toHaveTextContent('50,00 USDT');
    expect(rows[0]).toHaveTextContent('Sieć ERC20');
    expect(rows[0]).toHaveTextContent('20.11.2026');
    expect(rows[0]).toHaveTextContent(ADDRESS);
    expect(within(rows[0]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: new RegExp(HASH) })).toHaveAttribute(
      'href',
      `https://etherscan.io/tx/${HASH}`,
    );
    expect(within(rows[2]!).getByRole('link', { name: new RegExp(HASH) })).toHaveAttribute(
      'href',
      `https://bscscan.com/tx/${HASH}`,
    );
  });

  it.each([
    ['the balance', 'wallet_balances', 'Nie udało się pobrać stanu portfela'],
    ['the history', 'withdrawals', 'Nie udało się pobrać historii wypłat'],
  ])('says so when %s cannot be read', async (_what, table, text) => {
    serve();
    server.use(http.get(restUrl(`/${table}`), () => postgrestError(500, { code: 'XX000', message: 'x' })));
    setup();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it("says 'Nie udało się załadować danych portfela' when nothing can be read", async () => {
    serve();
    server.use(
      http.get(restUrl('/wallet_balances'), () => postgrestError(500, { code: 'XX000', message: 'x' })),
      http.get(restUrl('/withdrawals'), () => postgrestError(500, { code: 'XX000', message: 'x' })),
    );
    setup();
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się załadować danych portfela');
  });
});

describe('eWallet: withdrawal form', { timeout: 15_000 }, () => {
  it('has the amount input of the spec (min 0, step 0.01) and the networks ERC20 and BSC', async () => {
    serve();
    setup();
    await screen.findByRole('region', { name: 'Wypłata środków' });
    expect(amountField()).toHaveAttribute('type', 'number');
    expect(amountField()).toHaveAttribute('min', '0');
    expect(amountField()).toHaveAttribute('step', '0.01');
    expect(
      within(networkField())
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['ERC20', 'BSC']);
  });

  it('checks every field before sending anything', async () => {
    serve();
    const rpc = recordPost(restUrl('/rpc/request_withdrawal'), () => HttpResponse.json({}));
    server.use(rpc.handler);
    const { user } = setup();
    await screen.findByRole('region', { name: 'Wypłata środków' });

    await user.click(submit());
    expect(await screen.findByText('Wprowadź poprawną kwotę')).toBeInTheDocument();
    expect(screen.getByText('Nieprawidłowy adres portfela')).toBeInTheDocument();
    expect(amountField()).toHaveFocus();

    await user.type(amountField(), '1250.01');
    await user.click(addressField());
    await user.paste(ADDRESS.slice(0, 41));
    await user.click(submit());
    expect(await screen.findByText('Niewystarczające środki')).toBeInTheDocument();
    expect(addressField()).toHaveAccessibleDescription('Nieprawidłowy adres portfela');
    expect(rpc.calls).toHaveLength(0);
  });

  it('sends amount, network and address; the new row goes on top and the balances are read again', async () => {
    const created = withdrawal({ id: 'new', amount: 100.5, network: 'BSC', status: 'pending' });
    const { balanceReads } = serve({ history: [withdrawal({ id: 'old', amount: 5 })] });
    const rpc = recordPost(restUrl('/rpc/request_withdrawal'), () => HttpResponse.json(created));
    server.use(rpc.handler);
    const { user } = setup();
    await screen.findByRole('region', { name: 'Wypłata środków' });
    const readsBefore = balanceReads.length;

    server.use(
      http.get(restUrl('/wallet_balances'), () =>
        HttpResponse.json({ available_balance: 1149.5, pending_balance: 100.5, total_balance: 1250 }),
      ),
      http.get(restUrl('/withdrawals'), () => HttpResponse.json([created, withdrawal({ id: 'old', amount: 5 })])),
    );
    await user.type(amountField(), '100.50');
    await user.selectOptions(networkField(), 'BSC');
    await user.click(addressField());
    await user.paste(`  ${ADDRESS} `);
    await user.click(submit());

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Zlecenie wypłaty 100,50 USDT zostało przyjęte i czeka na realizację.',
    );
    expect(rpc.calls[0]?.body).toEqual({ p_amount: 100.5, p_network: 'BSC', p_address: ADDRESS });
    const history = screen.getByRole('region', { name: 'Historia wypłat' });
    expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent('100,50 USDT');
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Saldo' })).getByText('Dostępne').nextSibling).toHaveTextContent(
        '1149,50 USDT',
      ),
    );
    expect(balanceReads.length).toBe(readsBefore);
    expect(amountField()).toHaveValue(null);
  });

  it.each([
    ['wallet.insufficient_funds', 'Niewystarczające środki', /^Kwota/],
    ['wallet.invalid_address', 'Nieprawidłowy adres portfela', /^Adres portfela/],
    ['wallet.invalid_amount', 'Wprowadź poprawną kwotę', /^Kwota/],
  ])('shows the server’s %s at its field', async (key, text, field) => {
    serve();
    server.use(
      http.post(restUrl('/rpc/request_withdrawal'), () => postgrestError(400, { code: 'P0001', message: key })),
    );
    const { user } = setup();
    await screen.findByRole('region', { name: 'Wypłata środków' });
    await user.type(amountField(), '10');
    await user.click(addressField());
    await user.paste(ADDRESS);
    await user.click(submit());
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByLabelText(field)).toHaveAccessibleDescription(text);
  });

  it.each([
    [
      'the server could not create it (5xx)',
      () => postgrestError(500, { code: 'XX000', message: 'boom' }),
      'Nie udało się utworzyć wypłaty',
    ],
    [
      'any other failure',
      () => postgrestError(400, { code: 'XX001', message: 'odd' }),
      'Wystąpił błąd podczas wypłaty',
    ],
    ['no answer', () => HttpResponse.error(), 'Problem z połączeniem sieciowym. Spróbuj ponownie później.'],
  ])('%s: says so, keeping what was typed', async (_case, answer, text) => {
    serve();
    server.use(http.post(restUrl('/rpc/request_withdrawal'), answer));
    const { user } = setup();
    await screen.findByRole('region', { name: 'Wypłata środków' });
    await user.type(amountField(), '10');
    await user.click(addressField());
    await user.paste(ADDRESS);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(amountField()).toHaveValue(10);
    expect(addressField()).toHaveValue(ADDRESS);
  });
});

describe('eWallet: the code before a withdrawal (2FA on, aal1 session)', { timeout: 15_000 }, () => {
  function withFactor() {
    const account = withVerifiedTotp(buildUser());
    const factorId = account.factors?.[0]?.id ?? '';
    const challenge = recordPost(authUrl(`/factors/${factorId}/challenge`), () =>
      HttpResponse.json({ id: 'challenge-1', type: 'totp', expires_at: Math.floor(Date.now() / 1000) + 300 }),
    );
    return { account, factorId, challenge };
  }

  it('asks for the 6-digit code first, verifies it, then withdraws', async () => {
    const { account, factorId, challenge } = withFactor();
    serve({ account });
    const aal2 = buildSession(account, { aal: 'aal2' });
    const verify = recordPost(authUrl(`/factors/${factorId}/verify`), () => sessionAnswer(aal2));
    const rpc = recordPost(restUrl('/rpc/request_withdrawal'), () =>
      HttpResponse.json(withdrawal({ id: 'n', amount: 10 })),
    );
    server.use(challenge.handler, verify.handler, rpc.handler);
    const { user } = setup(account, 'aal1');
    await screen.findByRole('region', { name: 'Wypłata środków' });

    await user.type(amountField(), '10');
    await user.click(addressField());
    await user.paste(ADDRESS);
    await user.click(submit());
    const code = await screen.findByLabelText('Kod weryfikacyjny');
    expect(rpc.calls).toHaveLength(0);
    expect(amountField()).toBeDisabled();

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Potwierdź' }));
    await waitFor(() => expect(rpc.calls).toHaveLength(1));
    expect(verify.calls[0]?.body).toMatchObject({ challenge_id: 'challenge-1', code: '123456' });
    expect(await screen.findByRole('status')).toHaveTextContent('Zlecenie wypłaty 10,00 USDT');
  });

  it("refuses a wrong code with 'Nieprawidłowy kod' and withdraws nothing", async () => {
    const { account, factorId, challenge } = withFactor();
    serve({ account });
    const verify = recordPost(authUrl(`/factors/${factorId}/verify`), () =>
      gotrueError(422, 'mfa_verification_failed', 'Invalid TOTP code entered'),
    );
    const rpc = recordPost(restUrl('/rpc/request_withdrawal'), () => HttpResponse.json({}));
    server.use(challenge.handler, verify.handler, rpc.handler);
    const { user } = setup(account, 'aal1');
    await screen.findByRole('region', { name: 'Wypłata środków' });
    await user.type(amountField(), '10');
    await user.click(addressField());
    await user.paste(ADDRESS);
    await user.click(submit());
    await user.type(await screen.findByLabelText('Kod weryfikacyjny'), '000000');
    await user.click(screen.getByRole('button', { name: 'Potwierdź' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nieprawidłowy kod');
    expect(rpc.calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Anuluj' }));
    expect(submit()).toBeEnabled();
    expect(amountField()).toHaveValue(10);
  });

  it('does not ask an aal2 session', async () => {
    const { account } = withFactor();
    serve({ account });
    const rpc = recordPost(restUrl('/rpc/request_withdrawal'), () => HttpResponse.json(withdrawal({ id: 'n' })));
    server.use(rpc.handler);
    const { user } = setup(account, 'aal2');
    await screen.findByRole('region', { name: 'Wypłata środków' });
    await user.type(amountField(), '10');
    await user.click(addressField());
    await user.paste(ADDRESS);
    await user.click(submit());
    await waitFor(() => expect(rpc.calls).toHaveLength(1));
    expect(screen.queryByLabelText('Kod weryfikacyjny')).not.toBeInTheDocument();
  });
});
