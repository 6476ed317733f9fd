import { screen, waitFor, within } from '@testing-library/react';
import { mockRpc, mockStorage, postgrestFailure, publicUrl, renderAdmin } from '../../../testing/render-admin';
import { getListItemWithHeading } from '@/testing/queries';
import { IdeasTab } from '../ideas-tab';

const idea = (overrides: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  title: 'Planer zakupów',
  description: 'Wspólna lista zakupów',
  category: 'lifestyle',
  target_audience: 'Rodziny',
  monetization_strategy: 'Subskrypcja',
  submitted_by: crypto.randomUUID(),
  submitted_at: '2026-11-20T10:00:00Z',
  status: 'pending',
  score: 0,
  votes_count: 0,
  comments_count: 0,
  image_urls: [],
  author_full_name: 'Ola Autorka',
  author_email: 'ola@example.test',
  total_count: 2,
  ...overrides,
});

describe('the ideas moderation list', () => {
  it('lists pending first (the server order) and offers accept / reject only for pending ideas', async () => {
    const calls = mockRpc('admin_list_ideas', [idea(), idea({ title: 'Gra miejska', status: 'approved' })]);
    renderAdmin(<IdeasTab />);
    await screen.findByRole('heading', { name: 'Planer zakupów' });
    const pending = getListItemWithHeading('Planer zakupów');
    expect(within(pending).getByText('W ocenie')).toBeInTheDocument();
    expect(within(pending).getByText(/Ola Autorka/)).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Zaakceptuj pomysł Planer zakupów' })).toBeInTheDocument();
    const approved = getListItemWithHeading('Gra miejska');
    expect(within(approved).getByText('Zaakceptowany')).toBeInTheDocument();
    expect(within(approved).queryByRole('button', { name: /Zaakceptuj|Odrzuć/ })).not.toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ p_limit: 20, p_offset: 0 });
  });

  it('filters by status on the server', async () => {
    const calls = mockRpc('admin_list_ideas', [idea()]);
    const { user } = renderAdmin(<IdeasTab />);
    await screen.findByRole('heading', { name: 'Planer zakupów' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'rejected');
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ p_status: 'rejected', p_limit: 20, p_offset: 0 }));
  });

  it('accepts and rejects through the RPC; a failure shows "Nie udało się zaktualizować statusu"', async () => {
    mockRpc('admin_list_ideas', [idea()]);
    const reviews = mockRpc('admin_set_idea_status', (call) =>
      call.body.p_status === 'rejected' ? postgrestFailure(500, 'XX000', 'boom') : {},
    );
    const { user } = renderAdmin(<IdeasTab />);
    await user.click(await screen.findByRole('button', { name: 'Zaakceptuj pomysł Planer zakupów' }));
    await waitFor(() => expect(reviews[0]?.body).toMatchObject({ p_status: 'approved' }));
    await user.click(screen.getByRole('button', { name: 'Odrzuć pomysł Planer zakupów' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się zaktualizować statusu');
  });

  it('deletes after the spec question: the images first, then the idea', async () => {
    const author = crypto.randomUUID();
    const image = publicUrl('idea-images', `${author}/1.png`);
    mockRpc('admin_list_ideas', [idea({ image_urls: [image] })]);
    const storage = mockStorage('idea-images');
    const deletes = mockRpc('admin_delete_idea', [`${author}/1.png`]);
    const { user } = renderAdmin(<IdeasTab />);
    await user.click(await screen.findByRole('button', { name: 'Usuń pomysł Planer zakupów' }));
    const dialog = screen.getByRole('dialog', { name: 'Usuń pomysł' });
    expect(dialog).toHaveAccessibleDescription('Czy na pewno chcesz usunąć ten pomysł?');
    await user.click(within(dialog).getByRole('button', { name: 'Usuń' }));
    await waitFor(() => expect(deletes).toHaveLength(1));
    expect(storage.removals).toEqual([[`${author}/1.png`]]);
  });

  it('shows the images from this app’s own Storage only, whatever host a row names', async () => {
    const author = crypto.randomUUID();
    mockRpc('admin_list_ideas', [
      idea({
        image_urls: [
          `${author}/1-a.png`,
          `https://attacker.example/storage/v1/object/public/idea-images/${author}/2-b.png`,
          'https://attacker.example/track.png',
        ],
      }),
    ]);
    renderAdmin(<IdeasTab />);
    const images = await screen.findAllByRole('img', { name: /^Obraz/ });
    const own = [publicUrl('idea-images', `${author}/1-a.png`), publicUrl('idea-images', `${author}/2-b.png`)];
    expect(images.map((image) => image.getAttribute('src'))).toEqual(own);
    // Each image opens itself: the link around it is named by the image.
    const links = screen.getAllByRole('link', { name: /^Obraz/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(own);
    expect(document.body.innerHTML).not.toContain('attacker.example');
  });

  it('shows the spec text when the list fails, and an empty state', async () => {
    mockRpc('admin_list_ideas', () => postgrestFailure(500, 'XX000', 'boom'));
    const view = renderAdmin(<IdeasTab />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Wystąpił błąd podczas ładowania pomysłów');
    view.unmount();
    mockRpc('admin_list_ideas', []);
    renderAdmin(<IdeasTab />);
    expect(await screen.findByText('Brak pomysłów')).toBeInTheDocument();
  });
});
