import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createSignupClaim, signupClaimFor } from '@/data/auth/signup-claim';
import { buildSession, buildUser } from '@/testing/factories';
import { server } from '@/testing/msw/server';
import {
  authUrl,
  gotrueError,
  recordPost,
  rpcAnswer,
  rpcUrl,
  sessionAnswer,
  userAnswer,
} from '@/testing/msw/supabase-answers';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { advanceTime as advance, fakeTimers } from '@/testing/timers';
import { ActivationScreen } from '../activation-screen';

const EXPIRED = 'Link aktywacyjny wygasł lub został już użyty. Zaloguj się, aby wysłać nowy link aktywacyjny.';
const NETWORK = 'Problem z połączeniem sieciowym. Spróbuj ponownie później.';

function setup(route: string, options: { session?: ReturnType<typeof buildSession> } = {}) {
  // Only the redirect timers are faked: the requests and Testing Library's polling run as usual.
  fakeTimers();
  const supabase = createTestSupabase();
  return { ...renderWithProviders(<ActivationScreen />, { supabase, route, session: options.session }), supabase };
}

/** Auth verifies the link and returns a session for `email`; the claim RPC answers `claim`. */
function verifiedAs(email: string, claim: 'kept' | 'password_required' = 'kept') {
  const verify = recordPost(authUrl('/verify'), () => sessionAnswer(buildSession(buildUser({ email }))));
  const claimCall = recordPost(rpcUrl('claim_signup_password'), () => rpcAnswer(claim));
  server.use(verify.handler, claimCall.handler);
  return { verify, claimCall };
}

describe('activation', () => {
  it('without a token: "Brak tokenu aktywacyjnego" and a way home', async () => {
    const { user, router } = setup('/activate');
    expect(screen.getByRole('alert')).toHaveTextContent('Brak tokenu aktywacyjnego');
    await user.click(screen.getByRole('link', { name: 'Wróć do strony głównej' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('verifies the token, claims the sign-up password with this browser’s secret, then /dashboard after 2 s', async () => {
    await createSignupClaim('jan@example.pl');
    const secret = signupClaimFor('jan@example.pl');
    const { verify, claimCall } = verifiedAs('jan@example.pl');
    const { router, supabase } = setup('/activate?token=abc123');

    expect(screen.getByRole('status')).toHaveTextContent('Aktywowanie konta...');
    expect(await screen.findByText('Konto zostało aktywowane pomyślnie')).toBeInTheDocument();
    expect(verify.calls[0]?.body).toMatchObject({ token_hash: 'abc123', type: 'signup' });
    expect(claimCall.calls).toEqual([{ query: {}, body: { p_claim: secret } }]);
    expect(signupClaimFor('jan@example.pl')).toBeNull();
    expect(supabase.storedSession()).not.toBeNull();

    await advance(1_999);
    expect(router.state.location.pathname).toBe('/activate');
    await advance(1);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('accepts the confirmation_token parameter too', async () => {
    const { verify } = verifiedAs('jan@example.pl');
    setup('/activate?confirmation_token=xyz789');
    expect(await screen.findByText('Konto zostało aktywowane pomyślnie')).toBeInTheDocument();
    expect(verify.calls[0]?.body).toMatchObject({ token_hash: 'xyz789', type: 'signup' });
  });

  it('when the sign-up password cannot be claimed (another browser, or someone else signed up): a new password first', async () => {
    const { claimCall } = verifiedAs('ewa@example.pl', 'password_required');
    const update = { body: null as unknown };
    server.use(
      http.put(authUrl('/user'), async ({ request }) => {
        update.body = await request.json();
        return userAnswer(buildUser({ email: 'ewa@example.pl' }));
      }),
    );
    const { user, router } = setup('/activate?token=abc123');

    expect(await screen.findByRole('heading', { name: 'Ustaw hasło' })).toBeInTheDocument();
    expect(screen.getByText('Konto zostało aktywowane pomyślnie')).toBeInTheDocument();
    expect(claimCall.calls[0]?.body).toEqual({});
    // No redirect while the password is not set.
    await advance(5_000);
    expect(router.state.location.pathname).toBe('/activate');

    await user.type(screen.getByLabelText('Nowe hasło'), 'MojeHaslo1');
    await user.type(screen.getByLabelText('Powtórz hasło'), 'MojeHaslo1');
    await user.click(screen.getByRole('button', { name: 'Ustaw hasło' }));
    expect(await screen.findByText('Hasło zostało ustawione. Konto jest aktywne.')).toBeInTheDocument();
    expect(update.body).toMatchObject({ password: 'MojeHaslo1' });
    await advance(2_000);
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('a claim that fails to arrive asks for a new password rather than failing the activation', async () => {
    server.use(
      http.post(authUrl('/verify'), () => sessionAnswer(buildSession())),
      http.post(rpcUrl('claim_signup_password'), () => HttpResponse.error()),
    );
    setup('/activate?token=abc123');
    expect(await screen.findByRole('heading', { name: 'Ustaw hasło' })).toBeInTheDocument();
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

  it('a network failure: the network message and a retry that verifies the same link again', async () => {
    let attempts = 0;
    server.use(
      http.post(authUrl('/verify'), () => {
        attempts += 1;
        return attempts === 1 ? HttpResponse.error() : sessionAnswer(buildSession());
      }),
      http.post(rpcUrl('claim_signup_password'), () => rpcAnswer('kept')),
    );
    const { user, router } = setup('/activate?token=abc123');
    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK);
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByText('Konto zostało aktywowane pomyślnie')).toBeInTheDocument();
    expect(attempts).toBe(2);
    await advance(2_000);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
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
