import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { buildSession, buildUser } from '@/testing/factories';
import {
  authUrl,
  gotrueError,
  okAnswer,
  recordPost,
  rpcAnswer,
  rpcUrl,
  sessionAnswer,
} from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { DEVELOPMENT_CAPTCHA_TOKEN as DEV_CAPTCHA } from '../../utils/captcha-token';
import { LoginPanel } from '../login-panel';

function setup() {
  const supabase = createTestSupabase();
  const view = renderWithProviders(<LoginPanel />, { supabase });
  return { ...view, supabase };
}

const emailField = () => screen.getByLabelText('Email');
const passwordField = () => screen.getByLabelText('Hasło');

describe('login: password mode', () => {
  it('checks the e-mail format and requires the password, and focuses the first invalid field', async () => {
    const { user } = setup();
    await user.type(emailField(), 'jan kowalski@example.pl');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));

    expect(await screen.findByText('Nieprawidłowy adres email')).toBeInTheDocument();
    expect(screen.getByText('Hasło jest wymagane')).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveAccessibleDescription('Nieprawidłowy adres email');
    expect(passwordField()).toHaveAccessibleDescription('Hasło jest wymagane');
    expect(emailField()).toHaveFocus();
  });

  it.each(['jan@example', 'jan.example.pl', 'jan@exa mple.pl', '@example.pl'])(
    'rejects "%s" as an e-mail',
    async (email) => {
      const { user } = setup();
      await user.type(emailField(), email);
      await user.type(passwordField(), 'Haslo1234');
      await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
      expect(await screen.findByText('Nieprawidłowy adres email')).toBeInTheDocument();
    },
  );

  it('signs in with the trimmed, lower-case e-mail, the password and the development captcha token', async () => {
    const session = buildSession(buildUser({ email: 'jan@example.pl' }));
    const token = recordPost(authUrl('/token'), () => sessionAnswer(session));
    server.use(token.handler);
    const { user, supabase } = setup();

    await user.type(emailField(), '  Jan@Example.PL ');
    await user.type(passwordField(), 'Haslo1234');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));

    await waitFor(() => expect(supabase.storedSession()?.access_token).toBe(session.access_token));
    expect(token.calls).toHaveLength(1);
    expect(token.calls[0]?.query.grant_type).toBe('password');
    expect(token.calls[0]?.body).toMatchObject({
      email: 'jan@example.pl',
      password: 'Haslo1234',
      gotrue_meta_security: { captcha_token: DEV_CAPTCHA },
    });
    // Outside production no captcha widget is rendered.
    expect(screen.queryByRole('group', { name: 'Weryfikacja, że nie jesteś robotem' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows "Logowanie..." while signing in', async () => {
    let release: () => void = () => {};
    server.use(
      http.post(authUrl('/token'), async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return gotrueError(400, 'invalid_credentials', 'Invalid login credentials');
      }),
    );
    const { user } = setup();
    await user.type(emailField(), 'jan@example.pl');
    await user.type(passwordField(), 'zle-haslo');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));

    const pending = await screen.findByRole('button', { name: 'Logowanie...' });
    expect(pending).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Zaloguj się' })).toBeEnabled();
  });

  it.each(['active', 'missing'] as const)(
    'says "Nieprawidłowy email lub hasło" for wrong credentials (account %s)',
    async (status) => {
      const statusCall = recordPost(rpcUrl('get_account_status'), () => rpcAnswer(status));
      server.use(
        http.post(authUrl('/token'), () => gotrueError(400, 'invalid_credentials', 'Invalid login credentials')),
        statusCall.handler,
      );
      const { user } = setup();
      await user.type(emailField(), 'Jan@Example.pl');
      await user.type(passwordField(), 'zle-haslo');
      await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Nieprawidłowy email lub hasło');
      expect(statusCall.calls[0]?.body).toEqual({ p_email: 'jan@example.pl' });
      expect(screen.queryByText('Konto nie zostało aktywowane')).not.toBeInTheDocument();
    },
  );

  it('a wrong password on an account that is not activated: the not-activated panel, as the spec looks the account up first', async () => {
    server.use(
      http.post(authUrl('/token'), () => gotrueError(400, 'invalid_credentials', 'Invalid login credentials')),
      http.post(rpcUrl('get_account_status'), () => rpcAnswer('not_activated')),
    );
    const { user } = setup();
    await user.type(emailField(), 'nowy@example.pl');
    await user.type(passwordField(), 'zle-haslo');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    const panel = await screen.findByRole('region', { name: 'Konto nie zostało aktywowane' });
    expect(within(panel).getByRole('button', { name: 'Wyślij link aktywacyjny ponownie' })).toBeInTheDocument();
    expect(screen.queryByText('Nieprawidłowy email lub hasło')).not.toBeInTheDocument();
  });

  it('wrong credentials and a status check that fails: still "Nieprawidłowy email lub hasło"', async () => {
    server.use(
      http.post(authUrl('/token'), () => gotrueError(400, 'invalid_credentials', 'Invalid login credentials')),
      http.post(rpcUrl('get_account_status'), () => HttpResponse.error()),
    );
    const { user } = setup();
    await user.type(emailField(), 'jan@example.pl');
    await user.type(passwordField(), 'zle-haslo');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nieprawidłowy email lub hasło');
  });

  it('says so when the network fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post(authUrl('/token'), () => HttpResponse.error()));
    const { user } = setup();
    await user.type(emailField(), 'jan@example.pl');
    await user.type(passwordField(), 'Haslo1234');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Problem z połączeniem sieciowym. Spróbuj ponownie później.',
    );
  });
});

describe('login: an account that is not activated', () => {
  async function notActivated() {
    server.use(
      http.post(authUrl('/token'), () => gotrueError(400, 'email_not_confirmed', 'Email not confirmed')),
      http.post(rpcUrl('get_account_status'), () => rpcAnswer('not_activated')),
    );
    const view = setup();
    await view.user.type(emailField(), 'Nowy@Example.pl');
    await view.user.type(passwordField(), 'Haslo1234');
    await view.user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    const panel = await screen.findByRole('region', { name: 'Konto nie zostało aktywowane' });
    return { ...view, panel };
  }

  it('shows the panel with resend and cancel', async () => {
    const { panel } = await notActivated();
    expect(within(panel).getByRole('alert')).toHaveTextContent('Konto nie zostało aktywowane');
    expect(within(panel).getByRole('button', { name: 'Wyślij link aktywacyjny ponownie' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Anuluj' })).toBeInTheDocument();
  });

  it('resends the activation link to /activate', async () => {
    const resend = recordPost(authUrl('/resend'), () => okAnswer());
    server.use(resend.handler);
    const { panel, user } = await notActivated();

    await user.click(within(panel).getByRole('button', { name: 'Wyślij link aktywacyjny ponownie' }));

    expect(await within(panel).findByRole('status')).toHaveTextContent(
      'Link aktywacyjny został wysłany ponownie na adres nowy@example.pl.',
    );
    expect(resend.calls[0]?.body).toMatchObject({
      type: 'signup',
      email: 'nowy@example.pl',
      gotrue_meta_security: { captcha_token: DEV_CAPTCHA },
    });
    expect(resend.calls[0]?.query.redirect_to).toBe('http://localhost:3000/activate');
  });

  it('says "Nie udało się wysłać linku aktywacyjnego" when the e-mail cannot be sent', async () => {
    server.use(http.post(authUrl('/resend'), () => gotrueError(502, 'unexpected_failure', 'Error sending email')));
    const { panel, user } = await notActivated();
    await user.click(within(panel).getByRole('button', { name: 'Wyślij link aktywacyjny ponownie' }));
    expect(await within(panel).findByText('Nie udało się wysłać linku aktywacyjnego')).toHaveAttribute('role', 'alert');
  });

  it('a missing template or SMTP configuration (Auth answers 500) is the server-error message', async () => {
    server.use(http.post(authUrl('/resend'), () => gotrueError(500, 'unexpected_failure', 'Error sending email')));
    const { panel, user } = await notActivated();
    await user.click(within(panel).getByRole('button', { name: 'Wyślij link aktywacyjny ponownie' }));
    expect(await within(panel).findByText('Błąd serwera, spróbuj ponownie później')).toHaveAttribute('role', 'alert');
  });

  it('an e-mail without an account: "Użytkownik nie istnieje", and nothing is sent', async () => {
    const resend = recordPost(authUrl('/resend'), () => okAnswer());
    const { panel, user } = await notActivated();
    server.use(
      resend.handler,
      http.post(rpcUrl('get_account_status'), () => rpcAnswer('missing')),
    );
    await user.click(within(panel).getByRole('button', { name: 'Wyślij link aktywacyjny ponownie' }));
    expect(await within(panel).findByText('Użytkownik nie istnieje')).toHaveAttribute('role', 'alert');
    expect(resend.calls).toHaveLength(0);
  });

  it('cancel closes the panel, clears the e-mail and focuses it', async () => {
    const { panel, user } = await notActivated();
    await user.click(within(panel).getByRole('button', { name: 'Anuluj' }));
    expect(screen.queryByRole('region', { name: 'Konto nie zostało aktywowane' })).not.toBeInTheDocument();
    expect(emailField()).toHaveValue('');
    expect(passwordField()).toHaveValue('');
    expect(emailField()).toHaveFocus();
  });
});

describe('login: forgot password and magic link', () => {
  it('forgot-password mode shows the e-mail only, keeps what was typed, and sends a link to /reset-password', async () => {
    const recover = recordPost(authUrl('/recover'), () => okAnswer());
    server.use(recover.handler);
    const { user } = setup();
    await user.type(emailField(), 'Jan@Example.pl');
    await user.click(screen.getByRole('button', { name: 'Nie pamiętasz hasła?' }));

    const form = await screen.findByRole('form', { name: 'Resetowanie hasła' });
    expect(within(form).getByLabelText('Email')).toHaveValue('Jan@Example.pl');
    expect(within(form).getByLabelText('Email')).toHaveFocus();
    expect(screen.queryByLabelText('Hasło')).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Wyślij link resetujący' }));

    // The heading takes the focus in an effect, just after it appears.
    const heading = await screen.findByRole('heading', { name: 'Sprawdź swoją skrzynkę email' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(
      'Wysłaliśmy link do ustawienia nowego hasła na adres jan@example.pl.',
    );
    expect(recover.calls[0]?.body).toMatchObject({
      email: 'jan@example.pl',
      gotrue_meta_security: { captcha_token: DEV_CAPTCHA },
    });
    expect(recover.calls[0]?.query.redirect_to).toBe('http://localhost:3000/reset-password');
  });

  it('checks the e-mail in forgot-password mode (no password needed)', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Nie pamiętasz hasła?' }));
    await user.type(await screen.findByLabelText('Email'), 'nie-email');
    await user.click(screen.getByRole('button', { name: 'Wyślij link resetujący' }));
    expect(await screen.findByText('Nieprawidłowy adres email')).toBeInTheDocument();
    expect(screen.queryByText('Hasło jest wymagane')).not.toBeInTheDocument();
  });

  it('"use another e-mail" goes back to the same mode with an empty field; "back" returns to the password', async () => {
    server.use(http.post(authUrl('/recover'), () => okAnswer()));
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Nie pamiętasz hasła?' }));
    await user.type(await screen.findByLabelText('Email'), 'jan@example.pl');
    await user.click(screen.getByRole('button', { name: 'Wyślij link resetujący' }));
    await screen.findByRole('heading', { name: 'Sprawdź swoją skrzynkę email' });

    await user.click(screen.getByRole('button', { name: 'Użyj innego adresu email' }));
    const form = await screen.findByRole('form', { name: 'Resetowanie hasła' });
    expect(within(form).getByLabelText('Email')).toHaveValue('');
    expect(within(form).getByLabelText('Email')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Wróć do logowania hasłem' }));
    expect(screen.getByLabelText('Hasło')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zaloguj się' })).toBeInTheDocument();
  });

  it('magic-link mode sends a one-time link to /dashboard that never creates an account', async () => {
    const otp = recordPost(authUrl('/otp'), () => okAnswer());
    server.use(otp.handler);
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Logowanie linkiem z emaila' }));

    const form = await screen.findByRole('form', { name: 'Logowanie linkiem' });
    expect(screen.queryByLabelText('Hasło')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('Email'), '  Jan@Example.PL  ');
    await user.click(within(form).getByRole('button', { name: 'Wyślij link logowania' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Wysłaliśmy link logowania na adres jan@example.pl.');
    expect(otp.calls[0]?.body).toMatchObject({
      email: 'jan@example.pl',
      create_user: false,
      gotrue_meta_security: { captcha_token: DEV_CAPTCHA },
    });
    expect(otp.calls[0]?.query.redirect_to).toBe('http://localhost:3000/dashboard');

    await user.click(screen.getByRole('button', { name: 'Użyj innego adresu email' }));
    expect(await screen.findByRole('form', { name: 'Logowanie linkiem' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('magic link for an unknown address: "Użytkownik nie istnieje"', async () => {
    server.use(http.post(authUrl('/otp'), () => gotrueError(422, 'otp_disabled', 'Signups not allowed for otp')));
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Logowanie linkiem z emaila' }));
    await user.type(await screen.findByLabelText('Email'), 'ktos@example.pl');
    await user.click(screen.getByRole('button', { name: 'Wyślij link logowania' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Użytkownik nie istnieje');
    expect(screen.queryByRole('heading', { name: 'Sprawdź swoją skrzynkę email' })).not.toBeInTheDocument();
  });

  it('switches between the three modes with the e-mail kept', async () => {
    const { user } = setup();
    await user.type(emailField(), 'jan@example.pl');
    await user.click(screen.getByRole('button', { name: 'Logowanie linkiem z emaila' }));
    expect(await screen.findByLabelText('Email')).toHaveValue('jan@example.pl');
    await user.click(screen.getByRole('button', { name: 'Wróć do logowania hasłem' }));
    expect(screen.getByLabelText('Email')).toHaveValue('jan@example.pl');
    await user.click(screen.getByRole('button', { name: 'Nie pamiętasz hasła?' }));
    expect(await screen.findByRole('form', { name: 'Resetowanie hasła' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('jan@example.pl');
  });
});
