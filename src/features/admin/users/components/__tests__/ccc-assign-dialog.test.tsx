import { screen, waitFor, within } from '@testing-library/react';
import { mockRpc, postgrestFailure, renderAdmin } from '../../../testing/render-admin';
import { CccAssignDialog } from '../ccc-assign-dialog';
import { listedUser } from './fixtures';

const tier = (name: string, total: number, free: number) => ({
  tier: name,
  ccc_amount: 4000,
  price_usd: 2000,
  profit_share: 0.08,
  duration_months: 10,
  total_slots: total,
  used_slots: total - free,
  available_slots: free,
});

const availability = [tier('PLATINUM', 10, 0), tier('GOLD', 30, 28), tier('START', 60, 1)];

function packageRow(userId: string, packageTier: string) {
  return {
    id: crypto.randomUUID(),
    user_id: userId,
    package_tier: packageTier,
    ccc_amount: 4000,
    profit_share: 0.08,
    duration_months: 10,
    start_date: '2026-11-20T10:00:00Z',
    end_date: '2027-09-16T10:00:00Z',
    created_at: '2026-11-20T10:00:00Z',
    active: true,
  };
}

function setup(assign: Parameters<typeof mockRpc>[1] = []) {
  const member = listedUser({ full_name: 'Ewa Testowa' });
  mockRpc('get_ccc_availability', availability);
  const packages = mockRpc('get_user_ccc_packages', [packageRow(member.user_id, 'GOLD')]);
  const assigned = mockRpc('admin_assign_ccc_package', assign);
  const removed = mockRpc('admin_remove_ccc_assignment', {});
  const view = renderAdmin(<CccAssignDialog user={member} onClose={() => undefined} />);
  return { ...view, member, packages, assigned, removed };
}

describe('the CCC assignment modal', () => {
  it('offers every tier with its free slots; a tier without free slots is disabled', async () => {
    setup();
    const select = screen.getByRole('combobox', { name: 'Pakiet' });
    expect(await within(select).findByRole('option', { name: 'GOLD — wolne miejsca: 28 z 30' })).toBeEnabled();
    expect(within(select).getByRole('option', { name: 'PLATINUM — wolne miejsca: 0 z 10' })).toBeDisabled();
    expect(screen.getByLabelText('Liczba pakietów')).toHaveValue(1);
  });

  it('requires a package ("Wybierz pakiet") and a quantity of 1–10', async () => {
    const { user, assigned } = setup();
    await screen.findByRole('option', { name: /GOLD/ });
    await user.click(screen.getByRole('button', { name: 'Przydziel' }));
    expect(await screen.findByText('Wybierz pakiet')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Pakiet' }), 'GOLD');
    await user.clear(screen.getByLabelText('Liczba pakietów'));
    await user.type(screen.getByLabelText('Liczba pakietów'), '11');
    await user.click(screen.getByRole('button', { name: 'Przydziel' }));
    expect(await screen.findByText('Liczba pakietów musi wynosić od 1 do 10')).toBeInTheDocument();
    expect(assigned).toHaveLength(0);
  });

  it('refuses more packages than the tier has free slots before asking the server', async () => {
    const { user, assigned } = setup();
    await screen.findByRole('option', { name: /START/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Pakiet' }), 'START');
    await user.clear(screen.getByLabelText('Liczba pakietów'));
    await user.type(screen.getByLabelText('Liczba pakietów'), '2');
    await user.click(screen.getByRole('button', { name: 'Przydziel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Brak dostępnych miejsc');
    expect(assigned).toHaveLength(0);
  });

  it('assigns, then reads the availability and the member packages again (never optimistic)', async () => {
    const { user, member, assigned, packages } = setup();
    await screen.findByRole('option', { name: /GOLD/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Pakiet' }), 'GOLD');
    await user.clear(screen.getByLabelText('Liczba pakietów'));
    await user.type(screen.getByLabelText('Liczba pakietów'), '2');
    await user.click(screen.getByRole('button', { name: 'Przydziel' }));
    await waitFor(() => expect(assigned).toHaveLength(1));
    expect(assigned[0]?.body).toEqual({ p_user_id: member.user_id, p_tier: 'GOLD', p_quantity: 2 });
    await waitFor(() => expect(packages.length).toBeGreaterThanOrEqual(2));
    expect(screen.getByRole('combobox', { name: 'Pakiet' })).toHaveValue('');
  });

  it('shows "Nie udało się przydzielić pakietu CCC" when the server fails', async () => {
    const { user } = setup(() => postgrestFailure(500, 'XX000', 'boom'));
    await screen.findByRole('option', { name: /GOLD/ });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Pakiet' }), 'GOLD');
    await user.click(screen.getByRole('button', { name: 'Przydziel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się przydzielić pakietu CCC');
  });

  it('removes one of the member packages', async () => {
    const { user, removed } = setup();
    const remove = await screen.findByRole('button', { name: /^Usuń pakiet GOLD ważny do/ });
    await user.click(remove);
    await waitFor(() => expect(removed).toHaveLength(1));
    expect(removed[0]?.body).toEqual({ p_assignment_id: expect.any(String) });
  });
});
