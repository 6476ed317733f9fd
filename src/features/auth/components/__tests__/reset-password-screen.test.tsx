import { act, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { buildSession, buildUser } from '@/testing/factories';
import { authUrl, gotrueError, recordPost, sessionAnswer, userAnswer } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase, type TestSupabase } from '@/testing/supabase';
import { advanceTime, fakeTimers } from '@/testing/timers';
import { ResetPasswordScreen } from '../reset-password-screen';

const EXPIRED = 'Link resetowania hasła wygasł lub jest nieprawidłowy';

/** The PKCE verifier supabase-js stored when the reset e-mail was requested in this browser. */
function storeRecoveryVerifier(supabase: TestSupabase) {
  localStorage.setItem(`${supabase.storageKey}-code-verifier`, JSON.stringify('verifier-123/PASSWORD_RECOVERY'));
}

function setup(route: string) {
  fakeTimers();
  const supabase = createTestSupabase();
  storeRecoveryVerifier(supabase);
  return { ...renderWithProviders(<ResetPasswordScreen />, { supabase, route }), supabase };
}

function exchangeSucceeds() {
  const exchange = recordPost(authUrl('/token'), () =>
    sessionAnswer(buildSession(buildUser({ email: 'jan@example.pl' }))),
  );
  server.use(exchange.handler);
  return exchange;
}

describe('reset password: the link', () => {
  it('without a code: "Nieprawidłowy link resetowania hasła" and a way home', async () => {
    const { user, router } = setup('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent('Nieprawidłowy link resetowania hasła');
    await user.click(screen.getByRole('link', { name: 'Wróć do strony głównej' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('exchanges the code (PKCE) and shows the form', async () => {
    const exchange = exchangeSucceeds();
    setup('/reset-password?code=code-abc');
    expect(screen.getByRole('status')).toHaveTextContent('Sprawdzanie linku...');
    expect(await screen.findByLabelText('Nowe hasło')).toBeInTheDocument();
    expect(screen.getByLabelText('Powtórz hasło')).toBeInTheDocument();
    expect(exchange.calls[0]?.query.grant_type).toBe('pkce');
    expect(exchange.calls[0]?.body).toMatchObject({ auth_code: 'code-abc', code_verifier: 'verifier-123' });
  });

  it('a failed exchange: says so and goes to / after 3 seconds (not before)', async () => {
    server.use(http.post(authUrl('/token'), () => gotrueError(404, 'flow_state_not_found', 'invalid flow state')));
    const { router } = setup('/reset-password?code=used');
    expect(await screen.findByRole('alert')).toHaveTextContent(EXPIRED);
    await advanceTime(2_999);
    expect(router.state.location.pathname).toBe('/reset-password');
    await advanceTime(1);
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.state).toEqual({ notice: { tone: 'error', text: EXPIRED } });
  });

  it('an error Supabase put in the address: the same, / after 3 seconds', async () => {
    const { router } = setup('/reset-password?error=access_denied&error_code=otp_expired');
    expect(screen.getByRole('alert')).toHaveTextContent(EXPIRED);
    await advanceTime(3_000);
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('reset password: the form', () => {
  async function ready() {
    exchangeSucceeds();
    const view = setup('/reset-password?code=code-abc');
    await screen.findByLabelText('Nowe hasło');
    return view;
  }

  it('needs 8 characters and two equal fields', async () => {
    const { user } = await ready();
    await user.type(screen.getByLabelText('Nowe hasło'), 'krotkie');
    await user.type(screen.getByLabelText('Powtórz hasło'), 'inne');
    await user.click(screen.getByRole('button', { name: 'Zmień hasło' }));

    expect(await screen.findByText('Hasło musi mieć co najmniej 8 znaków')).toBeInTheDocument();
    expect(screen.getByLabelText('Nowe hasło')).toHaveAccessibleDescription('Hasło musi mieć co najmniej 8 znaków');
    expect(screen.getByLabelText('Powtórz hasło')).toHaveAccessibleDescription('Hasła nie są identyczne');
    expect(screen.getByLabelText('Nowe hasło')).toHaveFocus();
  });

  it('changes the password, signs out, and goes to / after 2 seconds with the message', async () => {
    const update = { body: null as unknown };
    server.use(
      http.put(authUrl('/user'), async ({ request }) => {
        update.body = await request.json();
        return userAnswer(buildUser({ email: 'jan@example.pl' }));
      }),
    );
    const logout = recordPost(authUrl('/logout'), () => new Response(null, { status: 204 }));
    server.use(logout.handler);
    const { user, router, supabase } = await ready();

    await user.type(screen.getByLabelText('Nowe hasło'), 'NoweHaslo1');
    await user.type(screen.getByLabelText('Powtórz hasło'), 'NoweHaslo1');
    await user.click(screen.getByRole('button', { name: 'Zmień hasło' }));

    expect(await screen.findByText('Hasło zostało zmienione pomyślnie')).toBeInTheDocument();
    expect(update.body).toMatchObject({ password: 'NoweHaslo1' });
    await waitFor(() => expect(logout.calls).toHaveLength(1));
    expect(supabase.storedSession()).toBeNull();

    await advanceTime(1_999);
    expect(router.state.location.pathname).toBe('/reset-password');
    await advanceTime(1);
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.state).toEqual({
      notice: { tone: 'success', text: 'Hasło zostało zmienione pomyślnie. Zaloguj się nowym hasłem.' },
    });
  });

  it('passes on the weak-password reasons', async () => {
    server.use(
      http.put(authUrl('/user'), () =>
        gotrueError(422, 'weak_password', 'Password is too weak', { weak_password: { reasons: ['characters'] } }),
      ),
    );
    const { user } = await ready();
    await user.type(screen.getByLabelText('Nowe hasło'), 'wszystkiemale');
    await user.type(screen.getByLabelText('Powtórz hasło'), 'wszystkiemale');
    await user.click(screen.getByRole('button', { name: 'Zmień hasło' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Hasło musi zawierać wielką literę, małą literę i cyfrę',
    );
  });

  it('says "Wystąpił błąd podczas zmiany hasła" for another failure', async () => {
    server.use(http.put(authUrl('/user'), () => gotrueError(400, 'validation_failed', 'bad request')));
    const { user } = await ready();
    await user.type(screen.getByLabelText('Nowe hasło'), 'NoweHaslo1');
    await user.type(screen.getByLabelText('Powtórz hasło'), 'NoweHaslo1');
    await user.click(screen.getByRole('button', { name: 'Zmień hasło' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wystąpił błąd podczas zmiany hasła');
  });

  it('cannot be sent once the session is gone', async () => {
    const { supabase } = await ready();
    await act(async () => {
      await supabase.client.auth.signOut();
    });
    expect(screen.getByRole('button', { name: 'Zmień hasło' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent(EXPIRED);
  });
});
