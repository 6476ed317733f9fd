import { screen, waitFor, within } from '@testing-library/react';
import { announcementKeys } from '@/data/announcements/keys';
import { getByRoleWithText } from '@/testing/queries';
import { createTestQueryClient } from '@/testing/render';
import { mockTable, postgrestFailure, renderAdmin } from '../../../testing/render-admin';
import { AnnouncementsTab } from '../announcements-tab';

const announcement = (overrides: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  content: 'Zebranie w piątek: [szczegóły](https://klub.example.com/zebranie)',
  active: true,
  created_at: '2026-11-20T10:00:00Z',
  ...overrides,
});

describe('the announcements tab', () => {
  it('requires content before publishing, and previews [text](url) links', async () => {
    mockTable('get', 'announcements', []);
    const inserts = mockTable('post', 'announcements', announcement());
    const { user } = renderAdmin(<AnnouncementsTab />);
    await user.click(screen.getByRole('button', { name: 'Opublikuj' }));
    expect(await screen.findByText('Treść ogłoszenia jest wymagana')).toBeInTheDocument();
    expect(inserts).toHaveLength(0);
    await user.click(screen.getByLabelText(/^Treść/));
    await user.paste('Nowość: [cennik](https://klub.example.com/cennik) [zły](javascript:alert(1))');
    // The preview renders as the members' banner does (lib/safe-link-text.tsx): the unsafe link is text.
    expect(screen.getByRole('link', { name: /^cennik/ })).toHaveAttribute('href', 'https://klub.example.com/cennik');
    expect(screen.queryByRole('link', { name: /zły/ })).not.toBeInTheDocument();
  });

  it('publishes as active (spec: insert {content, active true}) and clears the form', async () => {
    mockTable('get', 'announcements', []);
    const inserts = mockTable('post', 'announcements', announcement());
    const { user } = renderAdmin(<AnnouncementsTab />);
    await user.type(screen.getByLabelText(/^Treść/), 'Zebranie w piątek');
    await user.click(screen.getByRole('button', { name: 'Opublikuj' }));
    await waitFor(() => expect(inserts[0]?.body).toEqual({ content: 'Zebranie w piątek', active: true }));
    await waitFor(() => expect(screen.getByLabelText(/^Treść/)).toHaveValue(''));
  });

  it("marks the members' banner stale once an announcement is published", async () => {
    mockTable('get', 'announcements', []);
    mockTable('post', 'announcements', announcement());
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(announcementKeys.active(), []);
    const { user } = renderAdmin(<AnnouncementsTab />, { queryClient });
    await user.type(screen.getByLabelText(/^Treść/), 'Zebranie w piątek');
    await user.click(screen.getByRole('button', { name: 'Opublikuj' }));
    await waitFor(() => expect(queryClient.getQueryState(announcementKeys.active())?.isInvalidated).toBe(true));
  });

  it('keeps the text when publishing fails', async () => {
    mockTable('get', 'announcements', []);
    mockTable('post', 'announcements', () =>
      postgrestFailure(403, '42501', 'new row violates row-level security policy'),
    );
    const { user } = renderAdmin(<AnnouncementsTab />);
    await user.type(screen.getByLabelText(/^Treść/), 'Zebranie');
    await user.click(screen.getByRole('button', { name: 'Opublikuj' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Brak dostępu');
    expect(screen.getByLabelText(/^Treść/)).toHaveValue('Zebranie');
  });

  it('switches an announcement off and on, edits and deletes it', async () => {
    const item = announcement();
    mockTable('get', 'announcements', [item]);
    const updates = mockTable('patch', 'announcements', (call) => ({ ...item, ...call.body }));
    const deletes = mockTable('delete', 'announcements', { id: item.id });
    const { user } = renderAdmin(<AnnouncementsTab />);
    await screen.findByText('Aktywne');
    const card = getByRoleWithText('listitem', 'Aktywne');
    await user.click(within(card).getByRole('button', { name: 'Dezaktywuj' }));
    await waitFor(() => expect(updates[0]?.body).toEqual({ active: false }));

    await user.click(within(card).getByRole('button', { name: 'Edytuj' }));
    const dialog = screen.getByRole('dialog', { name: 'Edytuj ogłoszenie' });
    const field = within(dialog).getByLabelText(/^Treść/);
    expect(field).toHaveValue(item.content);
    await user.clear(field);
    await user.type(field, 'Zebranie przeniesione');
    await user.click(within(dialog).getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(updates[1]?.body).toEqual({ content: 'Zebranie przeniesione' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(card).getByRole('button', { name: 'Usuń' }));
    const confirm = screen.getByRole('dialog', { name: 'Usuń ogłoszenie' });
    await user.click(within(confirm).getByRole('button', { name: 'Usuń' }));
    await waitFor(() => expect(deletes[0]?.query).toMatchObject({ id: `eq.${item.id}` }));
  });

  it('shows a load failure', async () => {
    mockTable('get', 'announcements', () => postgrestFailure(500, 'XX000', 'boom'));
    renderAdmin(<AnnouncementsTab />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się załadować ogłoszeń');
  });
});
