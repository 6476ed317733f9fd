import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AdminApp } from '@/data/apps/list-apps';
import { fakeImageDecoding, fileOf } from '../../../testing/fake-images';
import { mockStorage, mockTable, postgrestFailure, publicUrl, renderAdmin } from '../../../testing/render-admin';
import { AppFormDialog } from '../app-form-dialog';

function appRow(overrides: Partial<AdminApp> = {}): AdminApp {
  return {
    id: crypto.randomUUID(),
    name: 'Planer',
    description: 'Planer zadań',
    category: 'productivity',
    image_url: publicUrl('app-images', 'stary.png'),
    image_width: 200,
    image_height: 200,
    image_size: 1000,
    website_url: 'https://planer.example.com',
    app_store_url: null,
    google_play_url: null,
    downloads: 1200,
    revenue: 5000,
    active_users: 300,
    rating: 4.5,
    current_value: 100000,
    projected_value: 250000,
    growth_rate: 12.5,
    minimum_investment: 500,
    available_shares: 100,
    price_per_share: 50,
    release_date: '2026-01-15',
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

async function fillRequired(user: ReturnType<typeof renderAdmin>['user']) {
  await user.type(screen.getByLabelText('Nazwa'), 'Nowa aplikacja');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Kategoria' }), 'games');
  await user.type(screen.getByLabelText('Opis'), 'Gra logiczna');
}

beforeEach(() => fakeImageDecoding());

describe('the app form', () => {
  it('requires name, description and category', async () => {
    const inserts = mockTable('post', 'apps', []);
    const { user } = renderAdmin(<AppFormDialog app={null} onClose={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Dodaj aplikację' }));
    expect(await screen.findAllByText('To pole jest wymagane')).toHaveLength(3);
    expect(inserts).toHaveLength(0);
  });

  it.each([
    ['Strona WWW', 'planer', 'Nieprawidłowy format linku WWW'],
    ['Link App Store', 'https://example.com/app', 'Nieprawidłowy format linku App Store'],
    ['Link Google Play', 'https://play.example.com/x', 'Nieprawidłowy format linku Google Play'],
  ])('checks the %s link', async (label, value, message) => {
    const { user } = renderAdmin(<AppFormDialog app={null} onClose={() => undefined} />);
    await fillRequired(user);
    await user.type(screen.getByLabelText(label), value);
    await user.click(screen.getByRole('button', { name: 'Dodaj aplikację' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    ['ikona.gif', 'image/gif', 'Niedozwolony format pliku...'],
    ['maly-50x50.png', 'image/png', 'Minimalne wymiary obrazu to 100x100px'],
    ['duzy-4000x3000.jpg', 'image/jpeg', 'Maksymalne wymiary obrazu to 2048x2048px'],
    ['broken.png', 'image/png', 'Nie można odczytać wymiarów obrazu'],
  ])('refuses the image %s with the spec message and does not save', async (name, type, message) => {
    const storage = mockStorage('app-images');
    const inserts = mockTable('post', 'apps', []);
    const { user } = renderAdmin(<AppFormDialog app={null} onClose={() => undefined} />);
    await fillRequired(user);
    // As a drop or a file manager's "all files" would hand it over (the picker's accept filters types).
    fireEvent.change(screen.getByLabelText(/^Obraz/), { target: { files: [fileOf(name, type)] } });
    expect(await screen.findByText(message)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dodaj aplikację' }));
    expect(storage.uploads).toHaveLength(0);
    expect(inserts).toHaveLength(0);
  });

  it('uploads a valid image to app-images, then inserts the app with its size and links', async () => {
    const storage = mockStorage('app-images');
    const inserts = mockTable('post', 'apps', (call) => ({ ...appRow(), ...call.body }));
    const onClose = vi.fn();
    const { user } = renderAdmin(<AppFormDialog app={null} onClose={onClose} />);
    await fillRequired(user);
    await user.upload(screen.getByLabelText(/^Obraz/), fileOf('ikona-256x256.png', 'image/png', 4096));
    expect(await screen.findByRole('img', { name: 'Podgląd obrazu' })).toHaveAttribute('src', 'blob:ikona-256x256.png');
    await user.type(screen.getByLabelText('Link Google Play'), 'https://play.google.com/store/apps/details?id=x');
    await user.type(screen.getByLabelText('Pobrania'), '1500');
    await user.type(screen.getByLabelText('Ocena (0–5)'), '4,5');
    await user.click(screen.getByRole('button', { name: 'Dodaj aplikację' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(storage.uploads).toHaveLength(1);
    expect(storage.uploads[0]).toMatch(/^\d+-[0-9a-f]{8}\.png$/);
    expect(inserts[0]?.body).toMatchObject({
      name: 'Nowa aplikacja',
      category: 'games',
      description: 'Gra logiczna',
      image_url: publicUrl('app-images', storage.uploads[0]!),
      image_width: 256,
      image_height: 256,
      image_size: 4096,
      google_play_url: 'https://play.google.com/store/apps/details?id=x',
      website_url: null,
      downloads: 1500,
      rating: 4.5,
      revenue: 0,
    });
  });

  it('removes the uploaded image again when the insert is refused, and says so', async () => {
    const storage = mockStorage('app-images');
    mockTable('post', 'apps', () => postgrestFailure(400, '23514', 'new row violates check constraint'));
    const { user } = renderAdmin(<AppFormDialog app={null} onClose={() => undefined} />);
    await fillRequired(user);
    await user.upload(screen.getByLabelText(/^Obraz/), fileOf('ikona-256x256.png', 'image/png'));
    await screen.findByRole('img', { name: 'Podgląd obrazu' });
    await user.click(screen.getByRole('button', { name: 'Dodaj aplikację' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się utworzyć aplikacji');
    expect(storage.removals).toEqual([[storage.uploads[0]]]);
    expect(screen.getByLabelText('Nazwa')).toHaveValue('Nowa aplikacja');
  });

  it('says "Nie udało się przesłać obrazu" when the upload fails', async () => {
    mockStorage('app-images', { uploadStatus: 500 });
    const inserts = mockTable('post', 'apps', []);
    const { user } = renderAdmin(<AppFormDialog app={null} onClose={() => undefined} />);
    await fillRequired(user);
    await user.upload(screen.getByLabelText(/^Obraz/), fileOf('ikona-256x256.png', 'image/png'));
    await screen.findByRole('img', { name: 'Podgląd obrazu' });
    await user.click(screen.getByRole('button', { name: 'Dodaj aplikację' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się przesłać obrazu');
    expect(inserts).toHaveLength(0);
  });

  it('edits an app: a new image replaces the old file, which is removed', async () => {
    const app = appRow();
    const storage = mockStorage('app-images');
    const updates = mockTable('patch', 'apps', (call) => ({ ...app, ...call.body }));
    const onClose = vi.fn();
    const { user } = renderAdmin(<AppFormDialog app={app} onClose={onClose} />);
    expect(screen.getByLabelText('Nazwa')).toHaveValue('Planer');
    expect(screen.getByLabelText('Wzrost (%)')).toHaveValue('12.5');
    await user.upload(screen.getByLabelText(/^Obraz/), fileOf('nowy-512x512.webp', 'image/webp'));
    await screen.findByRole('img', { name: 'Podgląd obrazu' });
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(updates[0]?.query).toMatchObject({ id: `eq.${app.id}` });
    expect(updates[0]?.body).toMatchObject({ name: 'Planer', image_width: 512, growth_rate: 12.5 });
    expect(storage.removals).toEqual([['stary.png']]);
  });

  it('shows "Nie udało się zaktualizować aplikacji" when an edit fails', async () => {
    mockTable('patch', 'apps', () => postgrestFailure(500, 'XX000', 'boom'));
    const { user } = renderAdmin(<AppFormDialog app={appRow()} onClose={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się zaktualizować aplikacji');
  });
});
