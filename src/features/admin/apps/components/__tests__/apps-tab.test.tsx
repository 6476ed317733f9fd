import { screen, waitFor, within } from '@testing-library/react';
import { mockStorage, mockTable, postgrestFailure, publicUrl, renderAdmin } from '../../../testing/render-admin';
import { AppsTab } from '../apps-tab';

const app = {
  id: crypto.randomUUID(),
  name: 'Planer',
  description: 'Planer zadań',
  category: 'productivity',
  image_url: publicUrl('app-images', 'planer.png'),
  downloads: 1200,
  revenue: 5000,
  rating: 4.5,
  created_at: '2026-11-20T10:00:00Z',
};

describe('the apps tab', () => {
  it('lists the apps, newest first', async () => {
    const reads = mockTable('get', 'apps', [app]);
    renderAdmin(<AppsTab />);
    expect(await screen.findByRole('heading', { name: 'Planer' })).toBeInTheDocument();
    expect(screen.getByText('Produktywność')).toBeInTheDocument();
    expect(reads[0]?.query).toMatchObject({ order: 'created_at.desc,id.asc' });
  });

  it('shows the spec texts when empty and when the list fails', async () => {
    mockTable('get', 'apps', []);
    const view = renderAdmin(<AppsTab />);
    expect(await screen.findByText('Brak dostępnych aplikacji')).toBeInTheDocument();
    view.unmount();
    mockTable('get', 'apps', () => postgrestFailure(500, 'XX000', 'boom'));
    renderAdmin(<AppsTab />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się załadować aplikacji');
  });

  it('deletes after confirmation, with its image', async () => {
    mockTable('get', 'apps', [app]);
    const deletes = mockTable('delete', 'apps', { image_url: app.image_url });
    const storage = mockStorage('app-images');
    const { user } = renderAdmin(<AppsTab />);
    await user.click(await screen.findByRole('button', { name: 'Usuń aplikację Planer' }));
    const dialog = screen.getByRole('dialog', { name: 'Usuń aplikację' });
    await user.click(within(dialog).getByRole('button', { name: 'Usuń' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes[0]?.query).toMatchObject({ id: `eq.${app.id}` });
    expect(storage.removals).toEqual([['planer.png']]);
  });

  it('keeps the dialog open with "Nie udało się usunąć aplikacji" when nothing was deleted', async () => {
    mockTable('get', 'apps', [app]);
    mockTable('delete', 'apps', () => postgrestFailure(406, 'PGRST116', 'no rows'));
    const { user } = renderAdmin(<AppsTab />);
    await user.click(await screen.findByRole('button', { name: 'Usuń aplikację Planer' }));
    const dialog = screen.getByRole('dialog', { name: 'Usuń aplikację' });
    await user.click(within(dialog).getByRole('button', { name: 'Usuń' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Nie udało się usunąć aplikacji');
  });
});
