import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { buildSession, buildUser } from '@/testing/factories';
import { authUrl, gotrueError, recordPost, sessionAnswer, userAnswer } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { advanceTime, advanceTime as advance, fakeTimers, stepUntilRendered } from '@/testing/timers';
import { ResetPasswordScreen } from '../reset-password-screen';

const EXPIRED = 'Link resetowania hasła wygasł lub jest nieprawidłowy';
const NETWORK = 'Problem z połączeniem sieciowym. Spróbuj ponownie później.';

function setup(route: string) {
  fakeTimers();
  const supabase = createTestSupabase();
  return { ...renderWithProviders(<ResetPasswordScreen />, { supabase, route }), supabase };
}

/** Auth accepts the link's token hash (POST /verify, type recovery) and returns a session. */
function verifySucceeds() {
  const verify = recordPost(authUrl('/verify'), () =>
    sessionAnswer(buildSession(buildUser({ email: 'jan@example.pl' }))),
  );
  server.use(verify.handler);
  return verify;
}

describe('reset password: the link', () => {
  it('without a code: "Nieprawidłowy link resetowania hasła" and a way home', async () => {
    const { user, router } = setup('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent('Nieprawidłowy link resetowania hasła');
    await user.click(screen.getByRole('link', { name: 'Wróć do strony głównej' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('verifies the code (the e-mail’s token hash, type recovery) in any browser and shows the form', async () => {
    const verify = verifySucceeds();
    setup('/reset-password?code=pkce_5f0e');
    expect(screen.getByRole('status')).toHaveTextContent('Sprawdzanie linku...');
    expect(await screen.findByLabelText('Nowe hasło')).toBeInTheDocument();
    expect(screen.getByLabelText('Powtórz hasło')).toBeInTheDocument();
    // No PKCE verifier of the requesting browser is needed.
    expect(verify.calls).toEqual([
      { query: {}, body: { token_hash: 'pkce_5f0e', type: 'recovery', gotrue_meta_security: {} } },
    ]);
  });

  it('a link Auth refuses: says so and goes to / after 3 seconds (not before)', async () => {
    server.use(
      http.post(authUrl('/verify'), () => gotrueError(403, 'otp_expired', 'Email link is invalid or has expired')),
    );
    const { router } = setup('/reset-password?code=used');
    expect(await screen.findByRole('alert')).toHaveTextContent(EXPIRED);
    await advanceTime(2_999);
    expect(router.state.location.pathname).toBe('/reset-password');
    await advanceTime(1);
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.state).toEqual({ notice: { tone: 'error', text: EXPIRED } });
  });

  it('a network failure: the network message and a retry; the link stays and nobody is sent away', async () => {
    let attempts = 0;
    server.use(
      http.post(authUrl('/verify'), () => {
        attempts += 1;
        return attempts === 1 ? HttpResponse.error() : sessionAnswer(buildSession());
      }),
    );
    const { user, router } = setup('/reset-password?code=good');
    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK);
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();
    await advance(10_000);
    expect(router.state.location).toMatchObject({ pathname: '/reset-password', search: '?code=good' });

    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByLabelText('Nowe hasło')).toBeInTheDocument();
    expect(attempts).toBe(2);
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
    verifySucceeds();
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
    // The sign-out is answered when the test says so (see below).
    let answerSignOut: () => void = () => {};
    const signedOut = new Promise<void>((resolve) => (answerSignOut = resolve));
    const logout = recordPost(authUrl('/logout'), async () => {
      await signedOut;
      return new Response(null, { status: 204 });
    });
    server.use(logout.handler);
    const { user, router, supabase } = await ready();

    await user.type(screen.getByLabelText('Nowe hasło'), 'NoweHaslo1');
    await user.type(screen.getByLabelText('Powtórz hasło'), 'NoweHaslo1');
    await user.click(screen.getByRole('button', { name: 'Zmień hasło' }));

    expect(await screen.findByText('Hasło zostało zmienione pomyślnie')).toBeInTheDocument();
    expect(update.body).toMatchObject({ password: 'NoweHaslo1' });
    await waitFor(() => expect(logout.calls).toHaveLength(1));
    // Signed out: the code has left the address and the 2 seconds start now.
    await stepUntilRendered(answerSignOut, () =>
      expect(router.state.location).toMatchObject({ search: '', state: { passwordChanged: true } }),
    );
    expect(supabase.storedSession()).toBeNull();

    await advanceTime(1_999);
    expect(router.state.location.pathname).toBe('/reset-password');
    await advanceTime(1);
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.state).toEqual({
      notice: { tone: 'success', text: 'Hasło zostało zmienione pomyślnie. Zaloguj się nowym hasłem.' },
    });
  });

  it('signs out first: a slow sign-out delays the 2 seconds, and the session is gone before the redirect', async () => {
    server.use(http.put(authUrl('/user'), () => userAnswer(buildUser({ email: 'jan@example.pl' }))));
    let release: () => void = () => {};
    server.use(
      http.post(authUrl('/logout'), async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return new Response(null, { status: 204 });
      }),
    );
    const { user, router, supabase } = await ready();
    await user.type(screen.getByLabelText('Nowe hasło'), 'NoweHaslo1');
    await user.type(screen.getByLabelText('Powtórz hasło'), 'NoweHaslo1');
    await user.click(screen.getByRole('button', { name: 'Zmień hasło' }));
    expect(await screen.findByText('Hasło zostało zmienione pomyślnie')).toBeInTheDocument();

    // The server has not answered the sign-out after 3 s: still here, the redirect has not started.
    await advance(3_000);
    expect(router.state.location.pathname).toBe('/reset-password');
    // The sign-out answers; the page reaches its signed-out state (the 2 s timer starts there).
    await stepUntilRendered(release, () => expect(router.state.location.state).toEqual({ passwordChanged: true }));
    expect(supabase.storedSession()).toBeNull();
    await advance(1_999);
    expect(router.state.location.pathname).toBe('/reset-password');
    await advance(1);
    expect(router.state.location.pathname).toBe('/');
  });

  it('a sign-out that never answers: after 5 s the local session is cleared anyway, then / after 2 s', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(
      http.put(authUrl('/user'), () => userAnswer(buildUser({ email: 'jan@example.pl' }))),
      http.post(authUrl('/logout'), () => new Promise<Response>(() => {})),
    );
    const { user, router, supabase } = await ready();
    await user.type(screen.getByLabelText('Nowe hasło'), 'NoweHaslo1');
    await user.type(screen.getByLabelText('Powtórz hasło'), 'NoweHaslo1');
    await user.click(screen.getByRole('button', { name: 'Zmień hasło' }));
    expect(await screen.findByText('Hasło zostało zmienione pomyślnie')).toBeInTheDocument();

    await advance(4_999);
    expect(supabase.storedSession()).not.toBeNull();
    await advance(1);
    await waitFor(() => expect(router.state.location.state).toEqual({ passwordChanged: true }));
    expect(supabase.storedSession()).toBeNull();
    await advance(2_000);
    expect(router.state.location.pathname).toBe('/');
  });

  it('checks Auth’s rules itself: upper case, lower case and a digit, listed as they are typed', async () => {
    const update: string[] = [];
    server.use(
      http.put(authUrl('/user'), ({ request }) => {
        update.push(request.url);
        return HttpResponse.json({});
      }),
    );
    const { user } = await ready();
    await user.type(screen.getByLabelText('Nowe hasło'), 'wszystkiemale');
    await user.type(screen.getByLabelText('Powtórz hasło'), 'wszystkiemale');
    const rules = screen.getByRole('list', { name: 'Wymagania hasła' });
    expect(within(rules).getByText('Mała litera')).toHaveTextContent('(spełnione)');
    expect(within(rules).getByText('Wielka litera')).toHaveTextContent('(niespełnione)');
    await user.click(screen.getByRole('button', { name: 'Zmień hasło' }));
    expect(await screen.findByText('Hasło musi zawierać wielką literę, małą literę i cyfrę')).toBeInTheDocument();
    expect(screen.getByLabelText('Nowe hasło')).toHaveAccessibleDescription(
      'Hasło musi zawierać wielką literę, małą literę i cyfrę',
    );
    expect(update).toHaveLength(0);
  });

  it('passes on the weak-password reasons', async () => {
    server.use(
      http.put(authUrl('/user'), () =>
        gotrueError(422, 'weak_password', 'Password is too weak', { weak_password: { reasons: ['pwned'] } }),
      ),
    );
    const { user } = await ready();
    await user.type(screen.getByLabelText('Nowe hasło'), 'Haslo1234');
    await user.type(screen.getByLabelText('Powtórz hasło'), 'Haslo1234');
    await user.click(screen.getByRole('button', { name: 'Zmień hasło' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Hasło znajduje się w znanym wycieku danych');
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
