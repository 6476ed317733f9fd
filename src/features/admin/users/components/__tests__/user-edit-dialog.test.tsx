import { screen, waitFor } from '@testing-library/react';
import { mockRpc, postgrestFailure, renderAdmin } from '../../../testing/render-admin';
import { UserEditDialog } from '../user-edit-dialog';
import { listedUser } from './fixtures';

function setup(answer: Parameters<typeof mockRpc>[1] = {}) {
  const user = listedUser({ full_name: 'Ewa Testowa', phone: '+48501234567', membership_level: 'FREE' });
  const calls = mockRpc('admin_update_user', answer);
  const onClose = vi.fn();
  const view = renderAdmin(<UserEditDialog user={user} onClose={onClose} />);
  return { ...view, calls, onClose, member: user };
}

describe('the user edit modal', () => {
  it('shows the member: name, phone (in the phone input), level and confirmation', async () => {
    const { member } = setup();
    const dialog = screen.getByRole('dialog', { name: 'Edytuj użytkownika' });
    expect(dialog).toHaveAccessibleDescription(member.email);
    expect(screen.getByLabelText('Imię i nazwisko')).toHaveValue('Ewa Testowa');
    expect(screen.getByRole('combobox', { name: 'Poziom członkostwa' })).toHaveValue('FREE');
    expect(screen.getByRole('checkbox', { name: 'Email potwierdzony' })).toBeChecked();
    // The phone input is a lazy chunk; once loaded it shows the number.
    await waitFor(() => expect(screen.getByLabelText('Telefon')).toHaveValue('+48 501 234 567'), { timeout: 5000 });
  });

  it('requires a name of 2–100 characters', async () => {
    const { user, calls } = setup();
    const name = screen.getByLabelText('Imię i nazwisko');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Imię i nazwisko jest wymagane')).toBeInTheDocument();
    await user.type(name, 'E');
    expect(await screen.findByText('Imię i nazwisko musi mieć od 2 do 100 znaków')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('saves name, phone, level and confirmation in one RPC call and closes', async () => {
    const { user, calls, onClose, member } = setup();
    await waitFor(() => expect(screen.getByLabelText('Telefon')).toHaveValue('+48 501 234 567'), { timeout: 5000 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Poziom członkostwa' }), 'PREMIUM');
    await user.click(screen.getByRole('checkbox', { name: 'Email potwierdzony' }));
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({
      p_user_id: member.user_id,
      p_full_name: 'Ewa Testowa',
      p_phone: '+48501234567',
      p_membership_level: 'PREMIUM',
      p_email_confirmed: false,
      p_clear_valid_until: true,
    });
  });

  it('sets the end date of the level (shown in Polish format) and clears it', async () => {
    const member = listedUser({ membership_level: 'START', membership_valid_until: '2027-11-24' });
    const calls = mockRpc('admin_update_user', {});
    const onClose = vi.fn();
    const { user } = renderAdmin(<UserEditDialog user={member} onClose={onClose} />);
    const date = screen.getByLabelText(/^Członkostwo ważne do/);
    expect(date).toHaveValue('2027-11-24');
    expect(date).toHaveAccessibleName(/Ostatni dzień członkostwa: 24\.11\.2027/);

    await user.clear(date);
    await user.type(date, '2028-02-29');
    expect(date).toHaveAccessibleName(/29\.02\.2028/);
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls[0]?.body).toMatchObject({ p_membership_level: 'START', p_membership_valid_until: '2028-02-29' });
    expect(calls[0]?.body).not.toHaveProperty('p_clear_valid_until');

    await user.click(screen.getByRole('button', { name: 'Usuń datę końca' }));
    expect(date).toHaveValue('');
    expect(date).toHaveAccessibleName(/Bez daty końca/);
    expect(screen.queryByRole('button', { name: 'Usuń datę końca' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toMatchObject({ p_clear_valid_until: true });
    expect(calls[1]?.body).not.toHaveProperty('p_membership_valid_until');
  });

  it('shows a failure instead of only logging it, and stays open', async () => {
    const { user, onClose } = setup(() => postgrestFailure(400, '22023', 'profile.phone_invalid'));
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nieprawidłowy numer telefonu');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('falls back to its own text for other failures', async () => {
    const { user } = setup(() => postgrestFailure(500, 'XX000', 'boom'));
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się zapisać zmian użytkownika');
  });
});
