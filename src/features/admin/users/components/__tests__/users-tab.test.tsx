import { screen, waitFor, within } from '@testing-library/react';
import { buildSession, buildUser } from '@/testing/factories';
import { mockRpc, postgrestFailure, renderAdmin } from '../../../testing/render-admin';
import { UsersTab } from '../users-tab';
import { listedUser } from './fixtures';

describe('the users tab', () => {
  it('searches on the server (debounced) over name, e-mail and phone, with filters and sort', async () => {
    const found = listedUser({ full_name: 'Ewa Testowa', phone: '+48501234567', membership_level: 'PREMIUM' });
    const calls = mockRpc('admin_list_users', (call) =>
      call.body.p_search
        ? [{ ...found, total_count: 1 }]
        : [listedUser({ total_count: 2 }), listedUser({ total_count: 2 })],
    );
    const { user } = renderAdmin(<UsersTab />);
    expect(await screen.findByText('Znaleziono: 2')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ p_sort: 'created', p_ascending: false, p_limit: 20, p_offset: 0 });

    await user.type(screen.getByRole('searchbox', { name: 'Szukaj' }), '1234567');
    // The search waits 300 ms after the last key, then asks the server and renders the rows: on a
    // busy machine (other processes on both cores) that took more than 3 s.
    const row = await screen.findByRole('row', { name: /Ewa Testowa/ }, { timeout: 10_000 });
    expect(within(row).getByText('PREMIUM')).toBeInTheDocument();
    expect(calls.filter((call) => call.body.p_search === '1234567')).toHaveLength(1);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Email potwierdzony' }), 'false');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Poziom członkostwa' }), 'VIP');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sortowanie' }), 'name:asc');
    await waitFor(() =>
      expect(calls.at(-1)?.body).toEqual({
        p_search: '1234567',
        p_email_confirmed: false,
        p_membership_level: 'VIP',
        p_sort: 'name',
        p_ascending: true,
        p_limit: 20,
        p_offset: 0,
      }),
    );
  });

  it('shows the effective level, the end date of a running term and the stored level that ended', async () => {
    mockRpc('admin_list_users', [
      listedUser({ full_name: 'Ola Aktywna', membership_level: 'VIP', membership_valid_until: '2027-11-24' }),
      listedUser({
        full_name: 'Piotr Wygasły',
        membership_level: 'START',
        membership_valid_until: '2026-11-01',
        effective_level: 'FREE',
      }),
      // Rolled over: FREE in the cache, with the day the membership ran out.
      listedUser({
        full_name: 'Anna Była',
        membership_level: 'FREE',
        membership_valid_until: '2026-01-31',
        effective_level: 'FREE',
      }),
    ]);
    renderAdmin(<UsersTab />);
    const active = await screen.findByRole('row', { name: /Ola Aktywna/ });
    expect(within(active).getByText('VIP')).toBeInTheDocument();
    expect(within(active).getByText('do 24.11.2027')).toBeInTheDocument();
    const lapsed = screen.getByRole('row', { name: /Piotr Wygasły/ });
    expect(within(lapsed).getByText('FREE')).toBeInTheDocument();
    expect(within(lapsed).getByText('Zapisany poziom START wygasł 01.11.2026')).toBeInTheDocument();
    expect(within(lapsed).queryByText('START')).not.toBeInTheDocument();
    const former = screen.getByRole('row', { name: /Anna Była/ });
    expect(within(former).getByText('FREE')).toBeInTheDocument();
    expect(within(former).getByText('wygasło 31.01.2026')).toBeInTheDocument();
  });

  it('puts the wide list in a region the keyboard can reach, to scroll it at 390 px', async () => {
    mockRpc('admin_list_users', [listedUser({ full_name: 'Ola Aktywna' })]);
    const { user } = renderAdmin(<UsersTab />);
    const region = await screen.findByRole('region', { name: 'Użytkownicy' });
    expect(within(region).getByRole('table')).toBeInTheDocument();
    region.focus();
    expect(region).toHaveFocus();
    expect(region).toHaveAttribute('tabindex', '0');
    await user.tab({ shift: true });
    expect(region).not.toHaveFocus();
  });

  it('pages on the server, 20 at a time', async () => {
    const calls = mockRpc('admin_list_users', () => Array.from({ length: 20 }, () => listedUser({ total_count: 45 })));
    const { user } = renderAdmin(<UsersTab />);
    expect(await screen.findByText('Strona 1 z 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Następna' }));
    expect(await screen.findByText('Strona 2 z 3')).toBeInTheDocument();
    expect(calls.at(-1)?.body).toMatchObject({ p_offset: 20 });
  });

  it('says "more than 1 000" (100 with a search) when the database stops counting, and pages through those', async () => {
    mockRpc('admin_list_users', (call) =>
      Array.from({ length: 20 }, () => listedUser({ total_count: call.body.p_search ? 101 : 1001 })),
    );
    const { user } = renderAdmin(<UsersTab />);
    expect(await screen.findByText('Znaleziono ponad 1000: zawęź wyszukiwanie')).toBeInTheDocument();
    expect(screen.getByText('Strona 1 z 50')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Szukaj' }), 'nowak');
    expect(
      await screen.findByText('Znaleziono ponad 100: zawęź wyszukiwanie', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Strona 1 z 5')).toBeInTheDocument();
  });

  it('never offers deleting one’s own account, and confirms e-mails of unconfirmed members', async () => {
    const admin = buildUser({ admin: true, fullName: 'Ada Admin' });
    const confirmCalls = mockRpc('admin_confirm_email', {});
    const pending = listedUser({ full_name: 'Olek Nowy', email_confirmed: false });
    mockRpc('admin_list_users', [listedUser({ user_id: admin.id, full_name: 'Ada Admin' }), pending]);
    const { user } = renderAdmin(<UsersTab />, { session: buildSession(admin) });
    expect(await screen.findByRole('button', { name: 'Usuń użytkownika Ada Admin' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Potwierdź email użytkownika Ada Admin' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Potwierdź email użytkownika Olek Nowy' }));
    await waitFor(() => expect(confirmCalls[0]?.body).toEqual({ p_user_id: pending.user_id }));
  });

  it('opens the edit, CCC and delete modals from a row', async () => {
    mockRpc('admin_list_users', [listedUser({ full_name: 'Ewa Testowa' })]);
    mockRpc('get_ccc_availability', []);
    mockRpc('get_user_ccc_packages', []);
    const { user } = renderAdmin(<UsersTab />);
    await user.click(await screen.findByRole('button', { name: 'Edytuj użytkownika Ewa Testowa' }));
    expect(screen.getByRole('dialog', { name: 'Edytuj użytkownika' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Pakiety CCC użytkownika Ewa Testowa' }));
    expect(screen.getByRole('dialog', { name: 'Przydziel pakiet CCC' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Usuń użytkownika Ewa Testowa' }));
    expect(screen.getByRole('dialog', { name: 'Usuń użytkownika' })).toBeInTheDocument();
  });

  it('shows an empty state and a load failure with a retry', async () => {
    mockRpc('admin_list_users', []);
    const view = renderAdmin(<UsersTab />);
    expect(await screen.findByText('Brak użytkowników spełniających kryteria')).toBeInTheDocument();
    view.unmount();
    mockRpc('admin_list_users', () => postgrestFailure(500, 'XX000', 'boom'));
    renderAdmin(<UsersTab />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nie udało się załadować użytkowników');
    expect(within(alert).getByRole('button', { name: 'Spróbuj ponownie' })).toBeInTheDocument();
  });
});
