import { screen, waitFor, within } from '@testing-library/react';
import { mockRpc, mockTable, renderAdmin } from '../../../testing/render-admin';
import { AuditTab } from '../audit-tab';

const row = (id: number, values: Record<string, unknown> = {}) => ({
  id,
  created_at: '2026-11-25T10:00:00Z',
  actor_id: 'a1',
  actor_email: 'admin@klub.local',
  actor_kind: 'admin',
  function_name: null,
  request_id: null,
  action: 'wallet.credit',
  target_type: 'wallet',
  target_id: 'u1',
  target_user_id: 'u1',
  before: { available_balance: 0 },
  after: { available_balance: 50 },
  ...values,
});

const member = (userId: string, fullName: string, email: string) => ({
  id: `p-${userId}`,
  user_id: userId,
  full_name: fullName,
  email,
  phone: null,
  email_confirmed: true,
  membership_level: 'VIP',
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  display_name: null,
  avatar_url: null,
  two_factor_enabled: false,
  total_count: 1,
});

const chain = (values: Record<string, unknown> = {}) => ({
  intact: true,
  verified_from: 1,
  checked: 40,
  head_seq: 40,
  head_hash: 'a'.repeat(64),
  broken_seq: null,
  broken_id: null,
  problem: null,
  published_seq: 31,
  published_hash: 'b'.repeat(64),
  published_at: '2026-11-25T05:30:00Z',
  ...values,
});

describe("'Dziennik zmian'", () => {
  beforeEach(() => {
    mockRpc('admin_list_audit_actors', [
      { actor_id: 'a1', actor_email: 'admin@klub.local' },
      { actor_id: 'a2', actor_email: 'ola@klub.local' },
    ]);
    mockRpc('admin_list_audit_actions', [
      { action: 'wallet.credit' },
      { action: 'profiles.update' },
      { action: 'withdrawal.claim_new' },
    ]);
    mockRpc('admin_verify_audit_chain', [chain()]);
  });

  it('lists entries with the changed fields and asks the server with the filters', async () => {
    const calls = mockTable('get', 'admin_audit_entries', (call) =>
      call.query.action
        ? [
            row(2, {
              action: 'profiles.update',
              before: { membership_level: 'FREE' },
              after: { membership_level: 'VIP' },
            }),
          ]
        : [row(1)],
    );
    const { user } = renderAdmin(<AuditTab />);
    const first = await screen.findByRole('row', { name: /wallet\.credit/ });
    expect(first).toHaveTextContent('Portfel: uznanie');
    expect(first).toHaveTextContent('available_balance: 0 → 50');
    // The actions of the trail by their Polish names, in order; one this screen does not know by its key.
    const action = screen.getByLabelText('Akcja');
    await waitFor(() => expect(within(action).getAllByRole('option')).toHaveLength(4));
    expect(
      within(action)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Wszystkie', 'Dane członka: zmiana', 'Portfel: uznanie', 'withdrawal.claim_new']);
    await user.selectOptions(action, 'Dane członka: zmiana');
    const actor = screen.getByLabelText('Administrator');
    await waitFor(() => expect(within(actor).getAllByRole('option')).toHaveLength(3));
    expect(
      within(actor)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Wszyscy', 'admin@klub.local', 'ola@klub.local']);
    await user.selectOptions(actor, 'ola@klub.local');
    await user.click(screen.getByRole('button', { name: 'Filtruj' }));
    expect(await screen.findByRole('row', { name: /profiles\.update/ })).toHaveTextContent(
      'membership_level: FREE → VIP',
    );
    const last = calls.at(-1)!;
    expect(last.query.action).toBe('eq.profiles.update');
    expect(last.query.actor_id).toBe('eq.a2');
    await waitFor(() =>
      expect(
        within(screen.getByRole('navigation', { name: 'Strony dziennika zmian' })).getByText('Strona 1'),
      ).toBeInTheDocument(),
    );
  });

  it("finds the rows of one request id ('identyfikator zdarzenia'), which each row shows", async () => {
    const id = '4bf92f3577b34da6a3ce929d0e0e4736';
    const calls = mockTable('get', 'admin_audit_entries', (call) =>
      call.query.request_id
        ? [row(3, { actor_kind: 'system', actor_email: null, function_name: 'idea-webhook', request_id: id })]
        : [row(1), row(2, { request_id: 'ffffffffffffffffffffffffffffffff' })],
    );
    const { user } = renderAdmin(<AuditTab />);
    await screen.findAllByRole('row', { name: /wallet\.credit/ });
    await user.type(screen.getByLabelText('Identyfikator zdarzenia'), ` ${id} `);
    await user.click(screen.getByRole('button', { name: 'Filtruj' }));
    const found = await screen.findByRole('row', { name: /System \(idea-webhook\)/ });
    expect(found).toHaveTextContent(id);
    expect(calls.at(-1)!.query.request_id).toBe(`eq.${id}`);
    expect(screen.getAllByRole('row')).toHaveLength(2);
  });

  it("says 'Brak wpisów' when nothing matches", async () => {
    mockTable('get', 'admin_audit_entries', []);
    renderAdmin(<AuditTab />);
    expect(await screen.findByText('Brak wpisów')).toBeInTheDocument();
  });

  it('finds the member by name or e-mail, filters by their id with the action and days, and forgets them on clear', async () => {
    const searches = mockRpc('admin_list_users', (call) =>
      String(call.body.p_search).includes('kowal') ? [member('u-anna', 'Anna Kowalska', 'anna@example.com')] : [],
    );
    const calls = mockTable('get', 'admin_audit_entries', [row(1)]);
    const { user } = renderAdmin(<AuditTab />);
    await screen.findByRole('row', { name: /wallet\.credit/ });

    const search = screen.getByLabelText(/^Członek \(imię, nazwisko lub e-mail\)/);
    await user.type(search, 'nikt');
    expect(await screen.findByText('Nie znaleziono członka')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'kowal');
    const results = await screen.findByRole('list', { name: 'Znalezieni członkowie' });
    expect(searches.at(-1)!.body).toMatchObject({ p_search: 'kowal', p_sort: 'name', p_ascending: true, p_limit: 8 });
    await user.click(within(results).getByRole('button', { name: 'Anna Kowalska (anna@example.com)' }));

    expect(screen.getByText('Wybrany: Anna Kowalska (anna@example.com)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Usuń wybór członka' })).toHaveFocus();
    expect(screen.queryByLabelText(/^Członek \(imię/)).not.toBeInTheDocument();

    await waitFor(() => expect(within(screen.getByLabelText('Akcja')).getAllByRole('option')).toHaveLength(4));
    await user.selectOptions(screen.getByLabelText('Akcja'), 'Portfel: uznanie');
    await user.type(screen.getByLabelText('Od dnia'), '2026-11-01');
    await user.type(screen.getByLabelText('Do dnia'), '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Filtruj' }));
    await waitFor(() => expect(calls.at(-1)!.query.target_user_id).toBe('eq.u-anna'));
    const last = calls.at(-1)!;
    expect(last.query.action).toBe('eq.wallet.credit');
    // Both bounds go to the server; the last one read here is the end: the start of the day after, local time.
    expect(last.query.created_at).toBe(`lt.${new Date(2026, 11, 1).toISOString()}`);

    await user.click(screen.getByRole('button', { name: 'Usuń wybór członka' }));
    expect(screen.getByLabelText(/^Członek \(imię/)).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Filtruj' }));
    await waitFor(() => expect(calls.at(-1)!.query.target_user_id).toBeUndefined());
  });

  it("says 'Łańcuch wpisów nienaruszony' with the entries checked and the last published head", async () => {
    mockTable('get', 'admin_audit_entries', [row(1)]);
    renderAdmin(<AuditTab />);
    const status = await screen.findByRole('region', { name: 'Łańcuch wpisów' });
    expect(status).toHaveTextContent('Łańcuch wpisów nienaruszony');
    expect(status).toHaveTextContent('Sprawdzono wpisy od nr 1 do nr 40.');
    expect(status).toHaveTextContent(`wpis nr 31`);
    expect(status).toHaveTextContent('b'.repeat(64));
    expect(within(status).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says where the chain breaks and why, as an alert', async () => {
    mockRpc('admin_verify_audit_chain', [chain({ intact: false, broken_seq: 17, broken_id: 23, problem: 'hash' })]);
    mockTable('get', 'admin_audit_entries', [row(1)]);
    renderAdmin(<AuditTab />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Łańcuch wpisów przerwany przy wpisie nr 17');
    expect(alert).toHaveTextContent('Treść wpisu nie zgadza się z jego skrótem');
    expect(screen.queryByText('Łańcuch wpisów nienaruszony')).not.toBeInTheDocument();
  });

  it('names server-code writes System with the function', async () => {
    mockTable('get', 'admin_audit_entries', [
      row(1, { actor_id: null, actor_email: null, actor_kind: 'system', function_name: 'payment-webhook' }),
    ]);
    renderAdmin(<AuditTab />);
    expect(await screen.findByRole('row', { name: /wallet\.credit/ })).toHaveTextContent('System (payment-webhook)');
  });

  it('says when the chain could not be checked, and still lists the entries', async () => {
    mockRpc('admin_verify_audit_chain', () => new Response(JSON.stringify({ message: 'boom' }), { status: 500 }));
    mockTable('get', 'admin_audit_entries', [row(1)]);
    renderAdmin(<AuditTab />);
    expect(await screen.findByText('Nie udało się sprawdzić łańcucha wpisów')).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /wallet\.credit/ })).toBeInTheDocument();
    expect(screen.queryByText('Łańcuch wpisów nienaruszony')).not.toBeInTheDocument();
  });
});
