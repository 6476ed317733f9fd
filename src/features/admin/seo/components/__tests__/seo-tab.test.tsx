import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { fakeImageDecoding, fileOf } from '../../../testing/fake-images';
import {
  mockStorage,
  mockTable,
  postgrestFailure,
  publicUrl,
  renderAdmin,
  siteSettingsRow,
} from '../../../testing/render-admin';
import { SeoTab } from '../seo-tab';

beforeEach(() => fakeImageDecoding());

describe('the SEO tab', () => {
  it('shows the settings and requires a site title', async () => {
    const updates = mockTable('patch', 'site_settings', []);
    const { user } = renderAdmin(<SeoTab />);
    const title = await screen.findByLabelText('Tytuł strony');
    expect(title).toHaveValue('Klub');
    expect(screen.getByRole('combobox', { name: 'Typ karty Twitter' })).toHaveValue('summary_large_image');
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Tytuł strony jest wymagany')).toBeInTheDocument();
    expect(updates).toHaveLength(0);
  });

  it('checks the favicon (ICO or PNG, 100 KB) and site images (JPEG/PNG/WebP, 2 MB)', async () => {
    renderAdmin(<SeoTab />);
    fireEvent.change(await screen.findByLabelText(/^Favicon/), { target: { files: [fileOf('f.jpg', 'image/jpeg')] } });
    expect(await screen.findByText('Favicon musi być plikiem ICO lub PNG')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Favicon/), {
      target: { files: [fileOf('f.png', 'image/png', 100 * 1024 + 1)] },
    });
    expect(await screen.findByText('Maksymalny rozmiar favicony to 100KB')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Obraz Open Graph/), {
      target: { files: [fileOf('og.png', 'image/png', 2 * 1024 * 1024 + 1)] },
    });
    expect(await screen.findByText('Maksymalny rozmiar pliku to 2MB')).toBeInTheDocument();
  });

  it('uploads a new favicon under favicon/, saves the row and reads the settings again', async () => {
    const storage = mockStorage('site-images');
    let reads = 0;
    server.use(
      http.get(restUrl('/site_settings'), () => {
        reads += 1;
        return HttpResponse.json(siteSettingsRow({ site_title: reads > 1 ? 'Klub Inwestorów' : 'Klub' }));
      }),
    );
    const updates = mockTable('patch', 'site_settings', (call) => [siteSettingsRow(call.body)]);
    const { user } = renderAdmin(<SeoTab />, { siteSettings: false });
    const title = await screen.findByLabelText('Tytuł strony');
    await user.clear(title);
    await user.type(title, 'Klub Inwestorów');
    fireEvent.change(screen.getByLabelText(/^Favicon/), {
      target: { files: [fileOf('ikona-32x32.png', 'image/png')] },
    });
    await screen.findByRole('img', { name: 'Podgląd obrazu' });
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(storage.uploads[0]).toMatch(/^favicon\/\d+-[0-9a-f]{8}\.png$/);
    expect(updates[0]?.query).toMatchObject({ id: 'eq.true' });
    expect(updates[0]?.body).toMatchObject({
      site_title: 'Klub Inwestorów',
      favicon: publicUrl('site-images', storage.uploads[0]!),
      og_title: 'Klub — inwestuj w aplikacje',
      twitter_card: 'summary_large_image',
    });
    // The relative default favicon is not a file of ours: nothing is removed.
    expect(storage.removals).toEqual([]);
    await waitFor(() => expect(document.title).toBe('SEO | Klub Inwestorów'));
  });

  it('uploads exactly the favicon the form accepted: an .ico without a MIME type, just under 100 KB, as a raw body', async () => {
    const storage = mockStorage('site-images');
    const updates = mockTable('patch', 'site_settings', (call) => [siteSettingsRow(call.body)]);
    const { user } = renderAdmin(<SeoTab />);
    await screen.findByLabelText('Tytuł strony');
    fireEvent.change(screen.getByLabelText(/^Favicon/), {
      target: { files: [fileOf('favicon.ico', '', 100 * 1024 - 20)] },
    });
    await screen.findByRole('img', { name: 'Podgląd obrazu' });
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(storage.uploads[0]).toMatch(/^favicon\/\d+-[0-9a-f]{8}\.ico$/);
    // Not a multipart form: the policy's 100 KB measures the request, which is the file itself.
    expect(storage.bodies[0]).toEqual({ contentType: 'image/x-icon', size: 100 * 1024 - 20 });
  });

  it('edits the privacy notice address (http(s) or a path), saved with the row', async () => {
    const updates = mockTable('patch', 'site_settings', (call) => [siteSettingsRow(call.body)]);
    const { user } = renderAdmin(<SeoTab />);
    const field = await screen.findByLabelText(/^Adres polityki prywatności/);
    await user.type(field, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Podaj adres zaczynający się od http://, https:// lub /')).toBeInTheDocument();
    expect(updates).toHaveLength(0);
    await user.clear(field);
    await user.type(field, 'https://klub.example/prywatnosc');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]?.body).toMatchObject({ privacy_url: 'https://klub.example/prywatnosc' });
  });

  it('says "Wystąpił błąd podczas ładowania ustawień" when the settings cannot be read, with a retry', async () => {
    server.use(http.get(restUrl('/site_settings'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    renderAdmin(<SeoTab />, { siteSettings: false });
    expect(
      await screen.findByText('Wystąpił błąd podczas ładowania ustawień', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Spróbuj ponownie' })).toBeInTheDocument();
  });

  it('says "Nie udało się zapisać ustawień strony" when the row is refused', async () => {
    mockTable('patch', 'site_settings', () => postgrestFailure(500, 'XX000', 'boom'));
    const { user } = renderAdmin(<SeoTab />);
    await screen.findByLabelText('Tytuł strony');
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się zapisać ustawień strony');
  });
});
