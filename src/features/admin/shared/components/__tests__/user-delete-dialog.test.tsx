import { screen, waitFor } from '@testing-library/react';
import { mockRpc, postgrestFailure, renderAdmin } from '../../../testing/render-admin';
import { UserDeleteDialog } from '../user-delete-dialog';

const member = { user_id: '5b0c9c1e-2f6a-4d7e-9a1b-3c4d5e6f7a8b', email: 'ewa.kowalska@example.test' };

describe('the user delete modal', () => {
  it('asks for a reason, then erases the account through the database with it', async () => {
    const calls = mockRpc('admin_delete_user', '6c1d0d2f-3a7b-4e8f-8b2c-4d5e6f7a8b9c');
    const onClose = vi.fn();
    const { user } = renderAdmin(<UserDeleteDialog user={member} onClose={onClose} />);

    expect(screen.getByRole('dialog', { name: 'Usuń użytkownika' })).toHaveAccessibleDescription(
      `Czy na pewno chcesz usunąć konto ${member.email}? Tej operacji nie można cofnąć.`,
    );
    await user.click(screen.getByRole('button', { name: 'Usuń konto' }));
    expect(await screen.findByText('Podaj powód')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.type(screen.getByLabelText(/Powód usunięcia/), 'Wniosek e-mailem z 20.11');
    await user.click(screen.getByRole('button', { name: 'Usuń konto' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ p_user_id: member.user_id, p_reason: 'Wniosek e-mailem z 20.11' });
  });

  it('answers the e-mailed request it was opened for', async () => {
    const calls = mockRpc('admin_delete_user', 'r-1');
    const onClose = vi.fn();
    const { user } = renderAdmin(<UserDeleteDialog user={member} requestId="r-1" onClose={onClose} />);
    await user.type(screen.getByLabelText(/Powód usunięcia/), 'Wniosek RODO');
    await user.click(screen.getByRole('button', { name: 'Usuń konto' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ p_user_id: member.user_id, p_reason: 'Wniosek RODO', p_request_id: 'r-1' });
  });

  it.each([
    ['admin.user_has_balance', 'Nie można usunąć konta: w portfelu członka są środki. Najpierw rozlicz saldo.'],
    [
      'admin.user_has_pending_withdrawal',
      'Nie można usunąć konta: członek ma oczekującą wypłatę. Najpierw zrealizuj ją lub odrzuć.',
    ],
    ['admin.cannot_delete_self', 'Nie możesz usunąć własnego konta'],
  ])('says why the database refused (%s), stays open and keeps the reason', async (key, text) => {
    mockRpc('admin_delete_user', () => postgrestFailure(400, 'P0001', key));
    const onClose = vi.fn();
    const { user } = renderAdmin(<UserDeleteDialog user={member} onClose={onClose} />);
    await user.type(screen.getByLabelText(/Powód usunięcia/), 'Powód');
    await user.click(screen.getByRole('button', { name: 'Usuń konto' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByLabelText(/Powód usunięcia/)).toHaveValue('Powód');
    expect(onClose).not.toHaveBeenCalled();
  });
});
