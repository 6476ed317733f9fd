import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { buildSession, buildUser } from '@/testing/factories';
import { postgrestError, restUrl } from '@/testing/msw/handlers';
import { authUrl, gotrueError, recordPost, rpcUrl, sessionAnswer, userAnswer } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { SettingsPage } from '../settings-page';
import { serveSettings } from './fixtures';

const account = buildUser({ email: 'ewa@example.pl' });

function setup(route = '/dashboard/settings', ...handlers: Parameters<typeof server.use>) {
  server.use(...handlers, ...serveSettings(account));
  const supabase = createTestSupabase();
  return { ...renderWithProviders(<SettingsPage />, { supabase, session: buildSession(account), route }), account };
}

describe('settings page', () => {
  it("loads ('Ładowanie ustawień...'), then shows the profile and the security card", async () => {
    setup();
    expect(screen.getByRole('status')).toHaveTextContent('Ładowanie ustawień...');
    expect(await screen.findByRole('region', { name: 'Profil' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Bezpieczeństwo' })).toBeInTheDocument();
    const email = screen.getByLabelText('Adres email');
    expect(email).toHaveValue('ewa@example.pl');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Imię i nazwisko')).toHaveValue('Ewa Testowa');
    expect(screen.getByLabelText('Nazwa wyświetlana')).toHaveValue('Ewa');
  });

  it("says 'Nie udało się załadować ustawień' when the profile cannot be read", async () => {
    setup(
      '/dashboard/settings',
      http.get(restUrl('/profiles'), () => postgrestError(500, { code: 'XX000', message: 'x' })),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się załadować ustawień');
    expect(screen.getByRole('button', { name: 'Spróbuj ponownie' })).toBeInTheDocument();
  });

  it('after the first confirmation link: asks for the second one', async () => {
    setup('/dashboard/settings?email_change=1&message=Confirmation+link+accepted');
    expect(
      await screen.findByText(
        'Pierwszy adres został potwierdzony. Kliknij link wysłany na drugi adres, aby dokończyć zmianę.',
      ),
    ).toBeInTheDocument();
  });

  it('after the second link: the address was changed; the profile and the session are read again', async () => {
    const refresh = recordPost(authUrl('/token'), () => sessionAnswer(buildSession(account)));
    const { router } = setup('/dashboard/settings?email_change=1', refresh.handler);
    expect(await screen.findByText('Adres email został zmieniony')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(refresh.calls[0]?.query.grant_type).toBe('refresh_token'));
  });
});

describe('change-e-mail modal', () => {
  async function openModal(...handlers: Parameters<typeof server.use>) {
    const view = setup('/dashboard/settings', ...handlers);
    await view.user.click(await screen.findByRole('button', { name: 'Zmień adres email' }));
    return { ...view, dialog: screen.getByRole('dialog', { name: 'Zmiana adresu email' }) };
  }

  it('wants an address, in the right form', async () => {
    const { user, dialog } = await openModal();
    const field = within(dialog).getByLabelText('Nowy adres email');
    await user.click(within(dialog).getByRole('button', { name: 'Wyślij linki potwierdzające' }));
    expect(await within(dialog).findByText('Adres email jest wymagany')).toBeInTheDocument();
    await user.type(field, 'nowy@example');
    expect(await within(dialog).findByText('Nieprawidłowy adres email')).toBeInTheDocument();
  });

  it('lower-cases the address, asks request_email_change, then Auth with the way back to the settings', async () => {
    let rpcBody: unknown;
    let userUpdate: { body: unknown; redirect: string | null } | undefined;
    server.use(
      http.post(rpcUrl('request_email_change'), async ({ request }) => {
        rpcBody = await request.json();
        return HttpResponse.json('nowy@example.pl');
      }),
      http.put(authUrl('/user'), async ({ request }) => {
        userUpdate = { body: await request.json(), redirect: new URL(request.url).searchParams.get('redirect_to') };
        return userAnswer({ ...account, new_email: 'nowy@example.pl' });
      }),
    );
    const { user, dialog } = await openModal();
    await user.type(within(dialog).getByLabelText('Nowy adres email'), '  Nowy@Example.PL ');
    await user.click(within(dialog).getByRole('button', { name: 'Wyślij linki potwierdzające' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Wysłaliśmy linki potwierdzające na adresy ewa@example.pl i nowy@example.pl. Kliknij oba, aby dokończyć zmianę.',
    );
    expect(rpcBody).toEqual({ p_new_email: 'nowy@example.pl' });
    expect(userUpdate?.body).toMatchObject({ email: 'nowy@example.pl' });
    expect(userUpdate?.redirect).toMatch(/\/dashboard\/settings\?email_change=1$/);
  });

  it.each([
    ['email.taken', 'Użytkownik o tym adresie email już istnieje'],
    ['email.same_as_current', 'Nowy adres email jest taki sam jak obecny'],
  ])("shows the server's %s at the field", async (key, text) => {
    server.use(http.post(rpcUrl('request_email_change'), () => postgrestError(400, { code: 'P0001', message: key })));
    const { user, dialog } = await openModal();
    await user.type(within(dialog).getByLabelText('Nowy adres email'), 'inny@example.pl');
    await user.click(within(dialog).getByRole('button', { name: 'Wyślij linki potwierdzające' }));
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nowy adres email')).toHaveAccessibleDescription(text);
  });

  it("says 'Nie udało się rozpocząć procesu zmiany adresu email' when Auth fails", async () => {
    server.use(
      http.post(rpcUrl('request_email_change'), () => HttpResponse.json('nowy@example.pl')),
      http.put(authUrl('/user'), () => gotrueError(500, 'hook_timeout', 'Failed to reach hook within maximum time')),
    );
    const { user, dialog } = await openModal();
    await user.type(within(dialog).getByLabelText('Nowy adres email'), 'nowy@example.pl');
    await user.click(within(dialog).getByRole('button', { name: 'Wyślij linki potwierdzające' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Nie udało się rozpocząć procesu zmiany adresu email',
    );
  });
});
