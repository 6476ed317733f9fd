import { screen, waitFor } from '@testing-library/react';
import { mockRpc, mockStorage, postgrestFailure, renderAdmin } from '../../../testing/render-admin';
import { UserDeleteDialog } from '../user-delete-dialog';
import { listedUser } from './fixtures';

describe('the user delete modal', () => {
  it('asks, deletes the account and removes the files the database names', async () => {
    const member = listedUser();
    const calls = mockRpc('admin_delete_user', [
      { bucket_id: 'avatars', name: `${member.user_id}/1.jpg` },
      { bucket_id: 'idea-images', name: `${member.user_id}/a.png` },
    ]);
    const avatars = mockStorage('avatars');
    const ideas = mockStorage('idea-images');
    const onClose = vi.fn();
    const { user } = renderAdmin(<UserDeleteDialog user={member} onClose={onClose} />);

    expect(screen.getByRole('dialog', { name: 'Usuń użytkownika' })).toHaveAccessibleDescription(
      `Czy na pewno chcesz usunąć konto ${member.email}? Tej operacji nie można cofnąć.`,
    );
    await user.click(screen.getByRole('button', { name: 'Usuń konto' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ p_user_id: member.user_id });
    expect(avatars.removals).toEqual([[`${member.user_id}/1.jpg`]]);
    expect(ideas.removals).toEqual([[`${member.user_id}/a.png`]]);
  });

  it.each([
    ['admin.user_has_balance', 'Nie można usunąć konta: w portfelu członka są środki. Najpierw rozlicz saldo.'],
    [
      'admin.user_has_pending_withdrawal',
      'Nie można usunąć konta: członek ma oczekującą wypłatę. Najpierw zrealizuj ją lub odrzuć.',
    ],
    ['admin.cannot_delete_self', 'Nie możesz usunąć własnego konta'],
  ])('says why the database refused (%s) and stays open', async (key, text) => {
    mockRpc('admin_delete_user', () => postgrestFailure(400, 'P0001', key));
    const onClose = vi.fn();
    const { user } = renderAdmin(<UserDeleteDialog user={listedUser()} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Usuń konto' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(onClose).not.toHaveBeenCalled();
  });
});
