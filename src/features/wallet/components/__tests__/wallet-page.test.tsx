import type { User } from '@supabase/supabase-js';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { SavedAddress } from '@/data/wallet/get-saved-addresses';
import type { Withdrawal } from '@/data/wallet/get-withdrawals';
import { buildSession, buildUser, withVerifiedTotp } from '@/testing/factories';
import { postgrestError, restUrl } from '@/testing/msw/handlers';
import { server } from '@/testing/msw/server';
import { authUrl, gotrueError, recordPost, sessionAnswer, userAnswer } from '@/testing/msw/supabase-answers';
import { definitionOf } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { WalletPage } from '../wallet-page';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const HASH = `0x${'ab'.repeat(32)}`;
const TRON_ADDRESS = 'TQ2iB6UZ2T5xZzbyVuxp6xMmTxPE3mTWZX';

function withdrawal(values: Partial<Withdrawal>): Withdrawal {
  return {
    id: crypto.randomUUID(),
    amount: 10,
    network: 'ERC20',
    address: ADDRESS,
    status: 'pending',
    tx_hash: null,
    created_at: '2026-11-20T10:00:00+00:00',
    claimed_at: null,
    hold_until: null,
    chain_transfers: [],
    ...values,
  };
}

type Balance = {
  available_balance: number;
  pending_balance: number;
  total_balance: number;
  /** The open debts PostgREST embeds (the balance read asks for settled_at is null). */
  wallet_debts?: { amount: number; repaid: number }[];
};

type LedgerRow = {
  id: number;
  kind: string;
  available_delta: number;
  pending_delta: number;
  available_after: number;
  pending_after: number;
  note: string | null;
  created_at: string;
  withdrawal: { network: 'ERC20' | 'BSC'; tx_hash: string | null; status: string } | null;
};

function ledgerRow(values: Partial<LedgerRow>): LedgerRow {
  return {
    id: 1,
    kind: 'credit',
    available_delta: 100,
    pending_delta: 0,
    available_after: 100,
    pending_after: 0,
    note: null,
    created_at: '2026-11-20T10:00:00+00:00',
    withdrawal: null,
    ...values,
  };
}

function serve({
  balance = { available_balance: 1250, pending_balance: 0, total_balance: 1250 },
  history = [] as Withdrawal[],
  ledger = [] as LedgerRow[],
  addresses = [] as SavedAddress[],
  account = buildUser(),
  networks = [
    { network: 'TRC20', min_withdrawal: 10 },
    { network: 'ERC20', min_withdrawal: 0.01 },
    { network: 'BSC', min_withdrawal: 0.01 },
  ] as { network: Withdrawal['network']; min_withdrawal: number }[],
}: {
  networks?: { network: Withdrawal['network']; min_withdrawal: number }[];
  balance?: Balance;
  history?: Withdrawal[];
  ledger?: LedgerRow[];
  addresses?: SavedAddress[];
  account?: User;
} = {}) {
  const balanceReads: string[] = [];
  server.use(
    http.get(restUrl('/withdrawal_addresses'), () => HttpResponse.json(addresses)),
    http.get(restUrl('/usdt_networks'), () =>
      HttpResponse.json(
        networks.map((row) => ({
          ...row,
          enabled: true,
          receiving_address: row.network === 'TRC20' ? TRON_ADDRESS : ADDRESS,
          withdrawal_fee: 0,
          updated_at: '2026-11-20T10:00:00+00:00',
        })),
      ),
    ),
    http.get(restUrl('/wallet_transactions'), ({ request }) => {
      const offset = Number(new URL(request.url).searchParams.get('offset') ?? 0);
      const page = ledger.slice(offset, offset + 20);
      const range = page.length ? `${offset}-${offset + page.length - 1}` : '*';
      return HttpResponse.json(page, { headers: { 'Content-Range': `${range}/${ledger.length}` } });
    }),
    http.get(restUrl('/wallet_balances'), ({ request }) => {
      balanceReads.push(new URL(request.url).search);
      return HttpResponse.json({ wallet_debts: [], ...balance });
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
  it('shows an open debt with what it means (paid from the next credits, withdrawals on hold)', async () => {
    const { balanceReads } = serve({
      balance: {
        available_balance: 0,
        pending_balance: 0,
        total_balance: 0,
        wallet_debts: [
          { amount: 6, repaid: 2.5 },
          { amount: 1, repaid: 0 },
        ],
      },
    });
    setup();
    expect(
      await screen.findByText(
        'Zadłużenie wobec klubu: 4,50 USDT. Zostanie potrącone z kolejnych wpływów na portfel; do tego czasu wypłaty są wstrzymane.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(decodeURIComponent(balanceReads[0] ?? '')).toContain('wallet_debts.settled_at=is.null');
  });

  it("shows 'Ładowanie portfela...', then available, in withdrawal and total in USDT with 2 decimals", async () => {
    serve({ balance: { available_balance: 1250, pending_balance: 100.5, total_balance: 1350.5 } });
    setup();
    expect(screen.getByRole('status')).toHaveTextContent('Ładowanie portfela...');
    const card = await screen.findByRole('region', { name: 'Saldo' });
    const value = (label: string) => definitionOf(card, label);
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
        withdrawal({
          id: 'w5',
          status: 'completed',
          network: 'TRC20',
          address: TRON_ADDRESS,
          tx_hash: 'cd'.repeat(32),
          amount: 60,
          chain_transfers: [{ block_number: 68_123_456, block_time: '2026-11-21T09:30:00+00:00' }],
        }),
      ],
    });
    setup();
    const history = await screen.findByRole('region', { name: 'Historia wypłat' });
    const rows = within(history).getAllByRole('listitem');
    const icon = (row: HTMLElement) => within(row).getByTestId('status-icon');
    expect(rows.map((row) => icon(row).getAttribute('data-status-icon'))).toEqual([
      'pending',
      'completed',
      'completed',
      'failed',
      'completed',
    ]);
    expect(icon(rows[0]!)).toHaveClass('animate-spin');
    expect(icon(rows[1]!)).toHaveClass('text-success');
    expect(icon(rows[3]!)).toHaveClass('text-danger');
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
    // TRC20: Tronscan, and the block and its time of the payout as verified on chain.
    expect(within(rows[4]!).getByRole('link', { name: /cdcd/ })).toHaveAttribute(
      'href',
      `https://tronscan.org/#/transaction/${'cd'.repeat(32)}`,
    );
    expect(rows[4]).toHaveTextContent('Potwierdzona w sieci: blok 68123456, 21.11.2026');
    expect(rows[1]).not.toHaveTextContent('Potwierdzona w sieci');
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
  it('has the amount input of the spec (min 0, step 0.01) and the networks TRC20, ERC20 and BSC', async () => {
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
    ).toEqual(['TRC20', 'ERC20', 'BSC']);
  });

  it("offers the club's networks with their minimum; TRC20 takes a T… address whose checksum holds", async () => {
    serve({
      networks: [
        { network: 'TRC20', min_withdrawal: 10 },
        { network: 'BSC', min_withdrawal: 5 },
      ],
    });
    const created = withdrawal({ id: 'new', amount: 10, network: 'TRC20', address: TRON_ADDRESS });
    const rpc = recordPost(restUrl('/rpc/request_withdrawal'), () => HttpResponse.json(created));
    server.use(rpc.handler);
    const { user } = setup();
    await screen.findByRole('region', { name: 'Wypłata środków' });
    await waitFor(() =>
      expect(
        within(networkField())
          .getAllByRole('option')
          .map((option) => option.getAttribute('value')),
      ).toEqual(['TRC20', 'BSC']),
    );
    expect(networkField()).toHaveValue('TRC20');
    expect(amountField()).toHaveAccessibleName(
      /Dostępne: 1250,00 USDT Minimalna wypłata w sieci TRC20: 10,00 USDT\. Opłatę sieci pokrywa klub\.$/,
    );
    expect(addressField()).toHaveAttribute('placeholder', 'T…');

    await user.type(amountField(), '9.99');
    await user.click(addressField());
    // The last character changed: the base58check checksum no longer matches.
    await user.paste(`${TRON_ADDRESS.slice(0, -1)}${TRON_ADDRESS.endsWith('a') ? 'b' : 'a'}`);
    await user.click(submit());
    expect(await screen.findByText('Kwota jest niższa niż minimalna wypłata w tej sieci')).toBeInTheDocument();
    expect(addressField()).toHaveAccessibleDescription('Nieprawidłowy adres portfela');
    expect(rpc.calls).toHaveLength(0);

    await user.clear(amountField());
    await user.type(amountField(), '10');
    await user.clear(addressField());
    await user.click(addressField());
    await user.paste(TRON_ADDRESS);
    await user.click(submit());
    expect(await screen.findByRole('status')).toHaveTextContent('Zlecenie wypłaty 10,00 USDT zostało przyjęte');
    expect(rpc.calls[0]?.body).toEqual({ p_amount: 10, p_network: 'TRC20', p_address: TRON_ADDRESS });
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
        HttpResponse.json({ available_balance: 1149.5, pending_balance: 100.5, total_balance: 1250, wallet_debts: [] }),
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
      expect(definitionOf(screen.getByRole('region', { name: 'Saldo' }), 'Dostępne')).toHaveTextContent('1149,50 USDT'),
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

describe("eWallet: 'Historia operacji' and cancelling", { timeout: 15_000 }, () => {
  it('lists ledger entries with Polish labels, signed amounts, balance after, note and transaction link, paged', async () => {
    const ledger = [
      ledgerRow({
        id: 30,
        kind: 'withdrawal_payout',
        available_delta: 0,
        pending_delta: -40,
        available_after: 60,
        withdrawal: { network: 'BSC', tx_hash: HASH, status: 'completed' },
      }),
      ledgerRow({
        id: 29,
        kind: 'adjustment',
        available_delta: -20.5,
        available_after: 60,
        note: 'Korekta błędnej wpłaty',
      }),
      ...Array.from({ length: 20 }, (_, i) => ledgerRow({ id: 28 - i, kind: 'profit_payout', available_delta: 1 })),
    ];
    serve({ ledger });
    const { user } = setup();
    const card = await screen.findByRole('region', { name: 'Historia operacji' });
    await within(card).findByText('Wypłata zrealizowana');
    const items = within(card).getAllByRole('listitem');
    expect(items).toHaveLength(20);
    expect(items[0]).toHaveTextContent('−40,00 USDT');
    expect(items[0]).toHaveTextContent('Saldo dostępne po: 60,00 USDT');
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', `https://bscscan.com/tx/${HASH}`);
    expect(items[1]).toHaveTextContent('Korekta salda');
    expect(items[1]).toHaveTextContent('−20,50 USDT');
    expect(items[1]).toHaveTextContent('Korekta błędnej wpłaty');
    expect(items[2]).toHaveTextContent('Wypłata zysków');
    expect(items[2]).toHaveTextContent('+1,00 USDT');
    expect(within(card).getByText('Strona 1 z 2')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Starsze' }));
    expect(await within(card).findByText('Strona 2 z 2')).toBeInTheDocument();
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(2));
  });

  it("says 'Brak operacji' for an empty ledger", async () => {
    serve();
    setup();
    const card = await screen.findByRole('region', { name: 'Historia operacji' });
    expect(await within(card).findByText('Brak operacji')).toBeInTheDocument();
  });

  it('cancels a pending withdrawal after confirming, and reads the wallet again', async () => {
    const { balanceReads } = serve({ history: [withdrawal({ id: 'w1', status: 'pending', amount: 25 })] });
    const rpc = recordPost(restUrl('/rpc/cancel_withdrawal'), () =>
      HttpResponse.json(withdrawal({ id: 'w1', status: 'cancelled', amount: 25 })),
    );
    server.use(rpc.handler);
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Anuluj wypłatę' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anulować wypłatę?' });
    expect(dialog).toHaveTextContent('Kwota 25,00 USDT wróci do salda dostępnego.');
    const readsBefore = balanceReads.length;
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj wypłatę' }));
    await waitFor(() => expect(rpc.calls).toHaveLength(1));
    expect(rpc.calls[0]?.body).toEqual({ p_withdrawal_id: 'w1' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(balanceReads.length).toBeGreaterThan(readsBefore));
  });

  it('keeps the dialog open with the reason when an admin settled it first', async () => {
    serve({ history: [withdrawal({ id: 'w1', status: 'pending', amount: 25 })] });
    server.use(
      http.post(restUrl('/rpc/cancel_withdrawal'), () =>
        postgrestError(400, { code: 'P0001', message: 'wallet.withdrawal_not_pending' }),
      ),
    );
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Anuluj wypłatę' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj wypłatę' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Nie udało się anulować wypłaty: Ta wypłata została już rozliczona',
    );
  });
});

describe("eWallet: 'W realizacji' and a new address's wait", { timeout: 15_000 }, () => {
  it("shows a claimed withdrawal as 'W realizacji', says why it cannot be cancelled, and offers no cancel", async () => {
    serve({
      history: [withdrawal({ id: 'w1', status: 'processing', amount: 25, claimed_at: '2026-11-27T09:30:00+00:00' })],
    });
    setup();
    await screen.findByText('W realizacji');
    const row = within(screen.getByRole('region', { name: 'Historia wypłat' })).getByRole('listitem');
    expect(row).toHaveTextContent(
      /Administrator przejął tę wypłatę .* i wysyła środki, więc nie można jej już anulować\./,
    );
    expect(within(row).queryByRole('button', { name: 'Anuluj wypłatę' })).not.toBeInTheDocument();
  });

  it('says until when a withdrawal to a new address waits; it can still be cancelled', async () => {
    const until = new Date(Date.now() + 20 * 3600_000).toISOString();
    serve({ history: [withdrawal({ id: 'w1', status: 'pending', amount: 25, hold_until: until })] });
    setup();
    await screen.findByText('Oczekująca');
    const row = within(screen.getByRole('region', { name: 'Historia wypłat' })).getByRole('listitem');
    expect(row).toHaveTextContent(
      /Nowy adres: dla bezpieczeństwa wypłata czeka do .*, zanim administrator ją zrealizuje\./,
    );
    expect(within(row).getByRole('button', { name: 'Anuluj wypłatę' })).toBeVisible();
  });

  it('tells the member when an admin claimed it while the page was open', async () => {
    serve({ history: [withdrawal({ id: 'w1', status: 'pending', amount: 25 })] });
    server.use(
      http.post(restUrl('/rpc/cancel_withdrawal'), () =>
        postgrestError(400, { code: 'P0001', message: 'wallet.withdrawal_processing' }),
      ),
    );
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Anuluj wypłatę' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj wypłatę' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Nie udało się anulować wypłaty: Wypłata jest już w realizacji i nie można jej anulować',
    );
  });
});

describe('eWallet: saved addresses', { timeout: 15_000 }, () => {
  const saved = (values: Partial<SavedAddress>): SavedAddress => ({
    id: crypto.randomUUID(),
    label: 'Ledger',
    network: 'BSC',
    address: ADDRESS,
    is_default: false,
    created_at: '2026-11-20T10:00:00+00:00',
    ...values,
  });

  /** The saved addresses answered only when `arrive()` is called (the form is already on screen). */
  function addressesLater(addresses: SavedAddress[]) {
    let arrive = () => {};
    const answered = new Promise<void>((resolve) => (arrive = resolve));
    server.use(
      http.get(restUrl('/withdrawal_addresses'), async () => {
        await answered;
        return HttpResponse.json(addresses);
      }),
    );
    return { arrive: () => arrive() };
  }

  it('addresses that arrive while the member types keep the amount; the default fills network and address', async () => {
    serve();
    const { arrive } = addressesLater([saved({ is_default: true })]);
    const { user } = setup();
    await user.type(await screen.findByLabelText(/^Kwota \(USDT\)/), '20.5');
    arrive();
    await waitFor(() => expect(addressField()).toHaveValue(ADDRESS));
    expect(networkField()).toHaveValue('BSC');
    expect(amountField()).toHaveValue(20.5);
  });

  it('addresses that arrive late never replace an address or network the member chose', async () => {
    serve();
    const { arrive } = addressesLater([saved({ is_default: true })]);
    const { user } = setup();
    const typed = `0x${'3'.repeat(40)}`;
    await user.type(await screen.findByLabelText('Adres portfela'), typed);
    await user.selectOptions(networkField(), 'ERC20');
    await user.selectOptions(networkField(), 'BSC');
    await user.selectOptions(networkField(), 'ERC20');
    arrive();
    expect(await screen.findByText('Ledger')).toBeInTheDocument();
    expect(addressField()).toHaveValue(typed);
    expect(networkField()).toHaveValue('ERC20');
  });

  it('fills the form with the default address and lists the saved ones', async () => {
    serve({
      addresses: [
        saved({ id: 'a1', label: 'Ledger', is_default: true }),
        saved({ id: 'a2', label: 'Giełda', network: 'ERC20', address: `0x${'1'.repeat(40)}` }),
      ],
    });
    setup();
    const card = await screen.findByRole('region', { name: 'Zapisane adresy' });
    expect(await within(card).findByText('Ledger')).toBeInTheDocument();
    expect(within(card).getByText('Domyślny')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Ustaw jako domyślny: Giełda' })).toBeInTheDocument();
    await waitFor(() => expect(addressField()).toHaveValue(ADDRESS));
    expect(networkField()).toHaveValue('BSC');
  });

  it("saves the address after a withdrawal with 'Zapisz ten adres'", async () => {
    serve();
    const rpc = recordPost(restUrl('/rpc/request_withdrawal'), () => HttpResponse.json(withdrawal({ id: 'n' })));
    const insert = recordPost(restUrl('/withdrawal_addresses'), () =>
      HttpResponse.json({ id: 'new' }, { status: 201 }),
    );
    server.use(rpc.handler, insert.handler);
    const { user } = setup();
    await screen.findByText('Brak zapisanych adresów');
    await user.type(amountField(), '10');
    await user.type(addressField(), ADDRESS);
    await user.click(screen.getByLabelText('Zapisz ten adres'));
    await user.click(submit());
    await waitFor(() => expect(insert.calls).toHaveLength(1));
    expect(insert.calls[0]?.body).toEqual({
      label: 'ERC20 0x5290…9EE7',
      network: 'ERC20',
      address: ADDRESS,
      is_default: true,
    });
  });

  it('with 2FA on, an aal1 session gives the code before choosing the default; the change follows it', async () => {
    const account = withVerifiedTotp(buildUser());
    const factorId = account.factors?.[0]?.id ?? '';
    serve({
      account,
      addresses: [saved({ id: 'a1', label: 'Ledger', is_default: true }), saved({ id: 'a2', label: 'Giełda' })],
    });
    const challenge = recordPost(authUrl(`/factors/${factorId}/challenge`), () =>
      HttpResponse.json({ id: 'challenge-1', type: 'totp', expires_at: Math.floor(Date.now() / 1000) + 300 }),
    );
    const verify = recordPost(authUrl(`/factors/${factorId}/verify`), () =>
      sessionAnswer(buildSession(account, { aal: 'aal2' })),
    );
    const patches: string[] = [];
    server.use(
      challenge.handler,
      verify.handler,
      http.patch(restUrl('/withdrawal_addresses'), ({ request }) => {
        patches.push(new URL(request.url).search);
        return HttpResponse.json([]);
      }),
    );
    const { user } = setup(account, 'aal1');
    await user.click(await screen.findByRole('button', { name: 'Ustaw jako domyślny: Giełda' }));
    const dialog = await screen.findByRole('dialog', { name: 'Potwierdź zmianę adresu' });
    expect(dialog).toHaveTextContent('Zmiana zapisanych adresów wymaga potwierdzenia kodem weryfikacji dwuetapowej');
    expect(patches).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Kod weryfikacyjny'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Potwierdź' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toContain('id=eq.a2');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('renames an address, keeping what was typed when the save fails', async () => {
    serve({ addresses: [saved({ id: 'a1', label: 'Ledger' })] });
    server.use(
      http.patch(restUrl('/withdrawal_addresses'), () => postgrestError(500, { code: 'XX000', message: 'boom' })),
    );
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Zmień nazwę: Ledger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zmień nazwę adresu' });
    const field = within(dialog).getByLabelText('Nazwa');
    await user.clear(field);
    await user.type(field, 'Mój Ledger');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Nie udało się zapisać zmian');
    expect(field).toHaveValue('Mój Ledger');
  });
});
