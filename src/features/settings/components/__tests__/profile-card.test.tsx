import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { ToastProvider } from '@/components/ui/toast';
import { buildSession, buildUser } from '@/testing/factories';
import { postgrestError } from '@/testing/msw/handlers';
import { rpcUrl } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { TEST_SUPABASE_URL } from '@/testing/test-env';
import type * as AvatarFile from '../../utils/avatar-file';
import { ProfileCard } from '../profile-card';
import { profileOf } from './fixtures';

// The crop widget measures its box, which jsdom cannot: it reports a fixed crop instead.
vi.mock('react-easy-crop', async () => {
  const { useEffect } = await import('react');
  return {
    default: function FakeCropper({ onCropComplete }: { onCropComplete: (area: object, pixels: object) => void }) {
      useEffect(() => onCropComplete({}, { x: 10, y: 20, width: 300, height: 300 }), [onCropComplete]);
      return <div data-testid="cropper" />;
    },
  };
});

// jsdom does not decode images.
vi.mock('../../utils/avatar-file', async (importOriginal) => ({
  ...(await importOriginal<typeof AvatarFile>()),
  loadImage: vi.fn(async () => document.createElement('img')),
}));

const account = buildUser({ email: 'ewa@example.pl' });
const storageUrl = (path: string) => `${TEST_SUPABASE_URL}/storage/v1${path}`;

function setup(profile = profileOf(account)) {
  const supabase = createTestSupabase();
  const wrap = (node: ReactNode) => <ToastProvider>{node}</ToastProvider>;
  return renderWithProviders(wrap(<ProfileCard profile={profile} />), { supabase, session: buildSession(account) });
}

const fullName = () => screen.getByLabelText('Imię i nazwisko');
const displayName = () => screen.getByLabelText('Nazwa wyświetlana');
const save = () => screen.getByRole('button', { name: 'Zapisz zmiany' });
/** The phone input is a lazy chunk (a disabled stand-in until then): under load it takes a while. */
const phoneField = () =>
  waitFor(
    () => {
      const field = screen.getByRole('textbox', { name: 'Numer telefonu' });
      expect(field).toBeEnabled();
      return field;
    },
    { timeout: 10_000 },
  );

describe('profile form', { timeout: 20_000 }, () => {
  it('requires the full name and the display name, with the lengths the server enforces', async () => {
    const { user } = setup();
    await phoneField();
    await user.clear(fullName());
    await user.clear(displayName());
    await user.click(save());
    expect(await screen.findByText('Imię i nazwisko jest wymagane')).toBeInTheDocument();
    expect(screen.getByText('Nazwa wyświetlana jest wymagana')).toBeInTheDocument();
    expect(fullName()).toHaveFocus();

    await user.type(fullName(), 'E');
    await user.click(displayName());
    await user.paste('x'.repeat(51));
    expect(await screen.findByText('Imię i nazwisko musi mieć od 2 do 100 znaków')).toBeInTheDocument();
    expect(screen.getByText('Nazwa wyświetlana musi mieć od 1 do 50 znaków')).toBeInTheDocument();
  });

  it('checks the phone with the phone input', async () => {
    const { user } = setup();
    const phone = await phoneField();
    await user.clear(phone);
    // 7 digits pass the format rule the database shares (lib/validation/phone.ts); the number is not valid.
    await user.type(phone, '12345');
    await user.click(save());
    expect(await screen.findByText('Nieprawidłowy numer telefonu')).toBeInTheDocument();
  });

  it('saves full name, display name and phone in one call and says so', async () => {
    let body: unknown;
    server.use(
      http.post(rpcUrl('update_user_profile'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json([{ display_name: 'Ewka', avatar_url: null, full_name: 'Ewa Nowa', phone: '' }]);
      }),
      http.get(`${TEST_SUPABASE_URL}/rest/v1/profiles`, () => HttpResponse.json(profileOf(account))),
    );
    const { user } = setup();
    await phoneField();
    await user.clear(fullName());
    await user.type(fullName(), '  Ewa Nowa ');
    await user.clear(displayName());
    await user.type(displayName(), 'Ewka');
    await user.clear(screen.getByRole('textbox', { name: 'Numer telefonu' }));
    await user.click(save());

    expect(await screen.findByRole('status')).toHaveTextContent('Profil został zaktualizowany');
    expect(body).toEqual({ p_user_id: account.id, p_full_name: 'Ewa Nowa', p_display_name: 'Ewka', p_phone: '' });
  });

  it("puts the server's rule at its field, and any other failure in 'Nie udało się zaktualizować profilu'", async () => {
    server.use(
      http.post(rpcUrl('update_user_profile'), () =>
        postgrestError(400, { code: '22023', message: 'profile.phone_invalid' }),
      ),
    );
    const { user } = setup();
    await phoneField();
    await user.click(save());
    expect(await screen.findByText('Nieprawidłowy numer telefonu')).toBeInTheDocument();

    server.use(http.post(rpcUrl('update_user_profile'), () => postgrestError(500, { code: 'XX000', message: 'x' })));
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się zaktualizować profilu');
  });

  it('shows the e-mail read-only', () => {
    setup();
    expect(screen.getByLabelText('Adres email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Adres email')).toHaveValue('ewa@example.pl');
  });
});

describe('avatar', { timeout: 20_000 }, () => {
  const fileInput = () => screen.getByTestId('avatar-input');
  const image = (type: string, size = 1000, name = 'zdjecie') =>
    new File([new Uint8Array(size)], `${name}.${type.split('/')[1]}`, { type });

  it("refuses other formats: 'Dozwolone formaty plików: JPG, PNG, WebP'", async () => {
    setup();
    // The picker's accept list hides other files, but a drop or "all files" can still pick one.
    fireEvent.change(fileInput(), { target: { files: [image('image/gif')] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Dozwolone formaty plików: JPG, PNG, WebP');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("refuses files over 2 MB: 'Maksymalny rozmiar pliku to 2MB'", async () => {
    const { user } = setup();
    await user.upload(fileInput(), image('image/png', 2 * 1024 * 1024 + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('Maksymalny rozmiar pliku to 2MB');
  });

  it('crops round with a zoom of 1 to 3, uploads a 400×400 JPEG avatar.jpg, saves its URL, removes the old file', async () => {
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage,
      imageSmoothingQuality: 'low',
    } as unknown as CanvasRenderingContext2D);
    const toBlob = vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
      this: HTMLCanvasElement,
      callback,
      type,
    ) {
      expect([this.width, this.height]).toEqual([400, 400]);
      callback(new Blob(['jpeg'], { type }));
    });
    URL.createObjectURL = vi.fn(() => 'blob:chosen');
    URL.revokeObjectURL = vi.fn();
    const uploads: { path: string; upsert: string | null; form: FormData }[] = [];
    let rpcBody: unknown;
    let removed: unknown;
    server.use(
      http.post(storageUrl('/object/avatars/*'), async ({ request, params }) => {
        uploads.push({
          path: String(params[0]),
          upsert: request.headers.get('x-upsert'),
          form: await request.formData(),
        });
        return HttpResponse.json({ Key: `avatars/${String(params[0])}`, Id: 'o1' });
      }),
      http.post(rpcUrl('update_user_profile'), async ({ request }) => {
        rpcBody = await request.json();
        return HttpResponse.json([]);
      }),
      http.post(storageUrl('/object/list/avatars'), () =>
        HttpResponse.json([{ name: '1700000000000.jpg' }, { name: uploads[0]?.path.split('/')[1] }]),
      ),
      http.delete(storageUrl('/object/avatars'), async ({ request }) => {
        removed = await request.json();
        return HttpResponse.json([]);
      }),
      http.get(`${TEST_SUPABASE_URL}/rest/v1/profiles`, () => HttpResponse.json(profileOf(account))),
    );
    const { user } = setup();
    await user.upload(fileInput(), image('image/png'));

    const zoom = await screen.findByRole('slider', { name: 'Powiększenie' });
    const dialog = screen.getByRole('dialog', { name: 'Przytnij avatar' });
    expect(zoom).toHaveAttribute('min', '1');
    expect(zoom).toHaveAttribute('max', '3');
    expect(zoom).toHaveAttribute('step', '0.1');
    const saveButton = within(dialog).getByRole('button', { name: 'Zapisz avatar' });
    await waitFor(() => expect(saveButton).toBeEnabled());
    await user.click(saveButton);

    expect(await screen.findByText('Avatar został zmieniony')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 10, 20, 300, 300, 0, 0, 400, 400);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.95);

    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.path).toMatch(new RegExp(`^${account.id}/\\d{13}\\.jpg$`));
    expect(uploads[0]!.upsert).toBe('true');
    expect(uploads[0]!.form.get('cacheControl')).toBe('3600');
    // (The file's name is renderAvatar's own test's: it checks avatar.jpg.)
    expect((uploads[0]!.form.get('') as File).type).toBe('image/jpeg');

    expect(rpcBody).toEqual({
      p_user_id: account.id,
      p_avatar_url: `${TEST_SUPABASE_URL}/storage/v1/object/public/avatars/${uploads[0]!.path}`,
    });
    expect(removed).toEqual({ prefixes: [`${account.id}/1700000000000.jpg`] });
  });

  it("says 'Nie udało się przesłać avatara' when the upload fails, and keeps the crop open", async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      drawImage: vi.fn(),
    } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type) =>
      callback(new Blob(['jpeg'], { type })),
    );
    URL.createObjectURL = vi.fn(() => 'blob:chosen');
    URL.revokeObjectURL = vi.fn();
    server.use(
      http.post(storageUrl('/object/avatars/*'), () =>
        HttpResponse.json(
          { statusCode: '403', error: 'Unauthorized', message: 'new row violates row-level security policy' },
          { status: 400 },
        ),
      ),
    );
    const { user } = setup();
    await user.upload(fileInput(), image('image/webp'));
    const saveButton = await screen.findByRole('button', { name: 'Zapisz avatar' });
    const dialog = screen.getByRole('dialog', { name: 'Przytnij avatar' });
    await waitFor(() => expect(saveButton).toBeEnabled());
    await user.click(saveButton);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Nie udało się przesłać avatara');
  });
});
