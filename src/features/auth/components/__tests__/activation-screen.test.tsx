import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { buildSession, buildUser } from '@/testing/factories';
import { authUrl, gotrueError, recordPost, sessionAnswer, userAnswer } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { advanceTime as advance, fakeTimers } from '@/testing/timers';
import { ActivationScreen } from '../activation-screen';

const EXPIRED = 'Link aktywacyjny wygasł lub został już użyty. Zaloguj się, aby wysłać nowy link aktywacyjny.';

function setup(route: string, options: { session?: ReturnType<typeof buildSession> } = {}) {
  // Only the redirect timers are faked: the requests and Testing Library's polling run as usual.
  fakeTimers();
  const supabase = createTestSupabase();
  return { ...renderWithProviders(<ActivationScreen />, { supabase, route, session: options.session }), supabase };
}

describe('activation', () => {
  it('without a token: "Brak tokenu aktywacyjnego" and a way home', async () => {
    const { user, router } = setup('/activate');
    expect(screen.getByRole('alert')).toHaveTextContent('Brak tokenu aktywacyjnego');
    await user.click(screen.getByRole('link', { name: 'Wróć do strony głównej' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('verifies the token, says so, and goes to /dashboard after 2 seconds (not before)', async () => {
    const verify = recordPost(authUrl('/verify'), () => sessionAnswer(buildSession()));
    server.use(verify.handler);
    const { router, supabase } = setup('/activate?token=abc123');

    expect(screen.getByRole('status')).toHaveTextContent('Aktywowanie konta...');
    expect(await screen.findByText('Konto zostało aktywowane pomyślnie')).toBeInTheDocument();
    expect(verify.calls[0]?.body).toMatchObject({ token_hash: 'abc123', type: 'signup' });
    expect(supabase.storedSession()).not.toBeNull();

    await advance(1_999);
    expect(router.state.location.pathname).toBe('/activate');
    await advance(1);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('accepts the confirmation_token parameter too', async () => {
    const verify = recordPost(authUrl('/verify'), () => sessionAnswer(buildSession()));
    server.use(verify.handler);
    setup('/activate?confirmation_token=xyz789');
    expect(await screen.findByText('Konto zostało aktywowane pomyślnie')).toBeInTheDocument();
    expect(verify.calls[0]?.body).toMatchObject({ token_hash: 'xyz789', type: 'signup' });
  });

  it('without a session after verification: / after 2 seconds, with "you can log in"', async () => {
    server.use(http.post(authUrl('/verify'), () => userAnswer(buildUser())));
    const { router } = setup('/activate?token=abc123');
    expect(await screen.findByText('Konto zostało aktywowane pomyślnie')).toBeInTheDocument();
    await advance(2_000);
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.state).toEqual({
      notice: { tone: 'success', text: 'Konto zostało aktywowane. Możesz się teraz zalogować.' },
    });
  });

  it('a used link while this browser holds a confirmed session: "Konto jest już aktywowane", then /dashboard', async () => {
    server.use(http.post(authUrl('/verify'), () => gotrueError(403, 'otp_expired', 'Token has expired or is invalid')));
    const { router } = setup('/activate?token=used', { session: buildSession() });
    expect(await screen.findByText('Konto jest już aktywowane')).toBeInTheDocument();
    await advance(2_000);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('an expired or used link: says so, with the resend hint and a way home; no redirect', async () => {
    server.use(http.post(authUrl('/verify'), () => gotrueError(403, 'otp_expired', 'Token has expired or is invalid')));
    const { router } = setup('/activate?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent(EXPIRED);
    expect(screen.getByRole('link', { name: 'Wróć do strony głównej' })).toBeInTheDocument();
    await advance(5_000);
    expect(router.state.location.pathname).toBe('/activate');
  });

  it('any other failure: "Wystąpił błąd podczas aktywacji konta"', async () => {
    server.use(http.post(authUrl('/verify'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    setup('/activate?token=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wystąpił błąd podczas aktywacji konta');
  });

  it('shows the error Supabase put in the address', async () => {
    setup(
      '/activate?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(EXPIRED);
  });
});
