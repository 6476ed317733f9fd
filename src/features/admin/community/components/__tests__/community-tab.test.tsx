import { screen, waitFor, within } from '@testing-library/react';
import { communityKeys } from '@/data/community/keys';
import { createTestQueryClient } from '@/testing/render';
import { mockTable, postgrestFailure, renderAdmin } from '../../../testing/render-admin';
import { CommunityTab } from '../community-tab';

const post = (overrides: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  title: 'Spotkanie',
  content: 'Zapisy: [formularz](https://klub.example.com/zapisy)',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  ...overrides,
});

describe("the admin 'Społeczność' tab", () => {
  it("publishes as the admin and marks the members' feed stale", async () => {
    mockTable('get', 'posts', []);
    const inserts = mockTable('post', 'posts', { id: 'new' });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(communityKeys.posts(), { pages: [] });
    const { user, session } = renderAdmin(<CommunityTab />, { queryClient });
    expect(await screen.findByText('Brak postów')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Opublikuj' }));
    expect(await screen.findByText('Tytuł jest wymagany')).toBeInTheDocument();
    expect(screen.getByText('Treść jest wymagana')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Tytuł'), 'Spotkanie');
    await user.click(screen.getByLabelText(/^Treść/));
    await user.paste('Zapisy: [formularz](https://klub.example.com/zapisy) [zły](javascript:alert(1))');
    expect(screen.getByRole('link', { name: /^formularz/ })).toHaveAttribute('href', 'https://klub.example.com/zapisy');
    expect(screen.queryByRole('link', { name: /zły/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Opublikuj' }));
    await waitFor(() =>
      expect(inserts[0]?.body).toEqual({
        title: 'Spotkanie',
        content: 'Zapisy: [formularz](https://klub.example.com/zapisy) [zły](javascript:alert(1))',
        author_id: session.user.id,
      }),
    );
    await waitFor(() => expect(queryClient.getQueryState(communityKeys.posts())?.isInvalidated).toBe(true));
    await waitFor(() => expect(screen.getByLabelText('Tytuł')).toHaveValue(''));
  });

  it('keeps what was typed when publishing fails', async () => {
    mockTable('get', 'posts', []);
    mockTable('post', 'posts', () => postgrestFailure(403, '42501', 'new row violates row-level security policy'));
    const { user } = renderAdmin(<CommunityTab />);
    await user.type(await screen.findByLabelText('Tytuł'), 'Spotkanie');
    await user.type(screen.getByLabelText(/^Treść/), 'W piątek');
    await user.click(screen.getByRole('button', { name: 'Opublikuj' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Brak dostępu');
    expect(screen.getByLabelText('Tytuł')).toHaveValue('Spotkanie');
    expect(screen.getByLabelText(/^Treść/)).toHaveValue('W piątek');
  });

  it('edits a post and deletes one after the question', async () => {
    const item = post();
    mockTable('get', 'posts', [item]);
    const updates = mockTable('patch', 'posts', { id: item.id });
    const deletes = mockTable('delete', 'posts', [{ id: item.id }]);
    const { user } = renderAdmin(<CommunityTab />);
    await user.click(await screen.findByRole('button', { name: 'Edytuj post Spotkanie' }));
    const dialog = screen.getByRole('dialog', { name: 'Edytuj post' });
    const content = within(dialog).getByLabelText(/^Treść/);
    await user.clear(content);
    await user.type(content, 'Zapisy zamknięte.');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(updates[0]?.body).toEqual({ title: 'Spotkanie', content: 'Zapisy zamknięte.' }));
    expect(updates[0]?.query).toMatchObject({ id: `eq.${item.id}` });

    await user.click(screen.getByRole('button', { name: 'Usuń post Spotkanie' }));
    const confirm = screen.getByRole('dialog', { name: 'Usuń post' });
    await user.click(within(confirm).getByRole('button', { name: 'Usuń' }));
    await waitFor(() => expect(deletes[0]?.query).toMatchObject({ id: `eq.${item.id}` }));
  });
});
