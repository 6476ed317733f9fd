import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createFakeAuthClient } from '@/testing/fake-auth-client';
import { buildSession, buildUser, memberSession, withVerifiedTotp } from '@/testing/factories';
import {
  authUrl,
  gotrueError,
  okAnswer,
  recordPost,
  rpcAnswer,
  rpcUrl,
  sessionAnswer,
  userAnswer,
} from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { createTestSupabase } from '@/testing/supabase';
import { advanceTime, fakeTimers, stepUntilRendered } from '@/testing/timers';
import { shellChunks } from '../preload-shell';
import { renderRoute } from '../testing/render-route';

const dashboardHeading = () => screen.findByRole('heading', { level: 1, name: 'Panel główny' });

// Where these journeys land (the dashboard shell, the main panel, the wallet) are lazy chunks that
// Vite transforms on their first import in this file. The first test to sign in paid for that inside
// its findBy* wait, and on a loaded machine ("a password login goes to /dashboard" under npm test
// beside the other lanes and helpers) the transform alone outlasted the wait. The chunks load here,
// as the app preloads them for a returning member, so a test's wait covers only its sign-in and render.
beforeAll(async () => {
  await Promise.all(['/dashboard', '/dashboard/wallet'].flatMap(shellChunks).map((load) => load()));
}, 120_000);

/** GoTrue's MFA endpoints for a user with a verified TOTP factor. */
function mfaServer(user: ReturnType<typeof withVerifiedTotp>, verify: () => Response) {
  const factorId = user.factors?.[0]?.id ?? '';
  server.use(
    http.get(authUrl('/user'), () => userAnswer(user)),
    http.post(authUrl(`/factors/${factorId}/challenge`), () =>
      HttpResponse.json({ id: 'challenge-1', type: 'totp', expires_at: Math.floor(Date.now() / 1000) + 300 }),
    ),
    http.post(authUrl(`/factors/${factorId}/verify`), verify),
  );
}

describe('the landing page', () => {
  it('has accessible tabs; the registration tab is loaded when opened', async () => {
    const { user } = renderRoute('/', { supabase: createTestSupabase() });
    const tablist = await screen.findByRole('tablist', { name: 'Logowanie lub rejestracja' });
    const registerTab = within(tablist).getByRole('tab', { name: 'Rejestracja' });
    expect(screen.queryByRole('button', { name: 'Zarejestruj się' })).not.toBeInTheDocument();

    await user.click(registerTab);
    expect(registerTab).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Rejestracja' });
    expect(await within(panel).findByRole('button', { name: 'Zarejestruj się' })).toBeInTheDocument();

    await user.keyboard('{ArrowLeft}');
    expect(within(tablist).getByRole('tab', { name: 'Logowanie' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Logowanie' })).toBeVisible();
  });

  it('does not load the Supabase client for a visitor until they use a form', async () => {
    const supabase = createTestSupabase();
    const load = vi.spyOn(supabase.source, 'load');
    const { user } = renderRoute('/', { supabase });
    await screen.findByRole('tab', { name: 'Logowanie' });
    expect(load).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText('Email'));
    expect(load).toHaveBeenCalled();
  });

  it('prefills the referral code from ?ref and counts the visit', async () => {
    const track = recordPost(rpcUrl('track_referral_visit'), () => rpcAnswer(true));
    server.use(track.handler);
    renderRoute('/?ref=abc12', { supabase: createTestSupabase() });
    // A referral link opens on 'Rejestracja'.
    expect(await screen.findByRole('tab', { name: 'Rejestracja' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByLabelText(/^Kod polecający/)).toHaveValue('ABC12');
    await waitFor(() => expect(track.calls).toEqual([{ query: {}, body: { p_code: 'ABC12' } }]));
  });
});

describe('signing in', () => {
  it('a password login goes to /dashboard', async () => {
    server.use(http.post(authUrl('/token'), () => sessionAnswer(memberSession())));
    const { user, location } = renderRoute('/', { supabase: createTestSupabase() });
    await user.type(await screen.findByLabelText('Email'), 'jan@example.pl');
    await user.type(screen.getByLabelText('Hasło'), 'Haslo1234');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await dashboardHeading()).toBeInTheDocument();
    expect(location().pathname).toBe('/dashboard');
  });

  it('returns to the page asked for before signing in, not always /dashboard', async () => {
    server.use(http.post(authUrl('/token'), () => sessionAnswer(memberSession())));
    const { user, location } = renderRoute('/dashboard/wallet?tab=history', { supabase: createTestSupabase() });
    await user.type(await screen.findByLabelText('Email'), 'jan@example.pl');
    expect(location().pathname).toBe('/');
    await user.type(screen.getByLabelText('Hasło'), 'Haslo1234');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'eWallet' })).toBeInTheDocument();
    expect(location().pathname).toBe('/dashboard/wallet');
    expect(location().search).toBe('?tab=history');
  });

  it('with 2FA: the 6-digit code comes before /dashboard (wrong code, then the right one)', async () => {
    const account = withVerifiedTotp(buildUser());
    let attempts = 0;
    mfaServer(account, () => {
      attempts += 1;
      return attempts === 1
        ? gotrueError(422, 'mfa_verification_failed', 'Invalid TOTP code entered')
        : sessionAnswer(buildSession(account, { aal: 'aal2' }));
    });
    server.use(http.post(authUrl('/token'), () => sessionAnswer(buildSession(account))));
    const { user, location } = renderRoute('/', { supabase: createTestSupabase() });

    await user.type(await screen.findByLabelText('Email'), 'jan@example.pl');
    await user.type(screen.getByLabelText('Hasło'), 'Haslo1234');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));

    expect(await screen.findByRole('heading', { name: 'Weryfikacja dwuetapowa' })).toBeInTheDocument();
    expect(location().pathname).toBe('/');
    await user.type(screen.getByLabelText('Kod weryfikacyjny'), '000000');
    await user.click(screen.getByRole('button', { name: 'Zweryfikuj' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nieprawidłowy kod');
    expect(location().pathname).toBe('/');

    await user.type(screen.getByLabelText('Kod weryfikacyjny'), '123456');
    await user.click(screen.getByRole('button', { name: 'Zweryfikuj' }));
    expect(await dashboardHeading()).toBeInTheDocument();
    expect(location().pathname).toBe('/dashboard');
  });

  it('the dashboard guard sends an aal1 session that needs aal2 to the code step', async () => {
    const account = withVerifiedTotp(buildUser());
    const { location } = renderRoute('/dashboard/wallet', {
      supabase: createTestSupabase(),
      session: buildSession(account),
    });
    expect(await screen.findByRole('heading', { name: 'Weryfikacja dwuetapowa' })).toBeInTheDocument();
    expect(location().pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: 'eWallet' })).not.toBeInTheDocument();
  });

  it('a magic link lands on /dashboard: its token hash is verified (any browser) and leaves the address', async () => {
    const verify = recordPost(authUrl('/verify'), () => sessionAnswer(memberSession()));
    server.use(verify.handler);
    const { location } = renderRoute('/dashboard?token_hash=pkce_m1&type=magiclink', {
      supabase: createTestSupabase(),
    });

    expect(await dashboardHeading()).toBeInTheDocument();
    expect(location()).toMatchObject({ pathname: '/dashboard', search: '' });
    expect(verify.calls[0]?.body).toMatchObject({ token_hash: 'pkce_m1', type: 'magiclink' });
  });

  it('a magic link Auth refuses goes to / with the reason', async () => {
    server.use(
      http.post(authUrl('/verify'), () => gotrueError(403, 'otp_expired', 'Email link is invalid or has expired')),
    );
    const { location } = renderRoute('/dashboard?token_hash=old&type=magiclink', { supabase: createTestSupabase() });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Link logowania wygasł lub został już użyty. Wyślij nowy link.',
    );
    expect(location().pathname).toBe('/');
  });

  it('a magic link without an answer: the network message and a retry, the link kept', async () => {
    let attempts = 0;
    server.use(
      http.post(authUrl('/verify'), () => {
        attempts += 1;
        return attempts === 1 ? HttpResponse.error() : sessionAnswer(memberSession());
      }),
    );
    const { user, location } = renderRoute('/dashboard?token_hash=pkce_m2&type=magiclink', {
      supabase: createTestSupabase(),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Problem z połączeniem sieciowym. Spróbuj ponownie później.',
    );
    expect(location().search).toBe('?token_hash=pkce_m2&type=magiclink');
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await dashboardHeading()).toBeInTheDocument();
  });

  it('an expired magic link (Supabase redirects with error_code) is explained on /', async () => {
    const { location } = renderRoute(
      '/dashboard?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      { supabase: createTestSupabase() },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Link logowania wygasł lub został już użyty. Wyślij nowy link.',
    );
    expect(location().pathname).toBe('/');
  });
});

describe('after activation and reset', () => {
  it('activation without a session: / after 2 seconds with "you can log in"', async () => {
    fakeTimers();
    server.use(http.post(authUrl('/verify'), () => userAnswer(buildUser())));
    const { location } = renderRoute('/activate?token=abc', { supabase: createTestSupabase() });
    expect(await screen.findByText('Konto zostało aktywowane pomyślnie')).toBeInTheDocument();
    await advanceTime(2_000);
    expect(location().pathname).toBe('/');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Konto zostało aktywowane. Możesz się teraz zalogować.',
    );
  });

  it('activation with a session: /dashboard after 2 seconds', async () => {
    fakeTimers();
    server.use(
      http.post(authUrl('/verify'), () => sessionAnswer(memberSession())),
      http.post(rpcUrl('claim_signup_password'), () => rpcAnswer('kept')),
    );
    const { location } = renderRoute('/activate?token=abc', { supabase: createTestSupabase() });
    expect(await screen.findByText('Konto zostało aktywowane pomyślnie')).toBeInTheDocument();
    await advanceTime(2_000);
    expect(await dashboardHeading()).toBeInTheDocument();
    expect(location().pathname).toBe('/dashboard');
  });

  it('a changed password: signed out, / after 2 seconds with the message, no session-expired modal', async () => {
    fakeTimers();
    const supabase = createTestSupabase();
    // The sign-out is answered when the test says so (see below).
    let answerSignOut: () => void = () => {};
    const signedOut = new Promise<void>((resolve) => (answerSignOut = resolve));
    server.use(
      http.post(authUrl('/verify'), () => sessionAnswer(memberSession())),
      http.put(authUrl('/user'), () => userAnswer(buildUser())),
      http.post(authUrl('/logout'), async () => {
        await signedOut;
        return new Response(null, { status: 204 });
      }),
    );
    const { user, location } = renderRoute('/reset-password?code=abc', { supabase });
    await user.type(await screen.findByLabelText('Nowe hasło'), 'NoweHaslo1');
    await user.type(screen.getByLabelText('Powtórz hasło'), 'NoweHaslo1');
    await user.click(screen.getByRole('button', { name: 'Zmień hasło' }));
    expect(await screen.findByText('Hasło zostało zmienione pomyślnie')).toBeInTheDocument();
    // Signed out first; then the code leaves the address and the 2 seconds start.
    await stepUntilRendered(answerSignOut, () => expect(location().search).toBe(''));
    expect(supabase.storedSession()).toBeNull();

    await advanceTime(2_000);
    expect(location().pathname).toBe('/');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Hasło zostało zmienione pomyślnie. Zaloguj się nowym hasłem.',
    );
    expect(screen.queryByRole('dialog', { name: 'Sesja wygasła' })).not.toBeInTheDocument();
  });
});

describe('the session', () => {
  const NOON = new Date('2026-11-22T12:00:00Z');

  function signedInFor(seconds: number) {
    fakeTimers({ clock: true });
    vi.setSystemTime(NOON);
    const session = buildSession(buildUser(), { expiresIn: seconds });
    const authClient = createFakeAuthClient({ session });
    return { session, ...renderRoute('/dashboard', { authClient }) };
  }

  it('shows the bottom-right box from 300 seconds before the end, counting down every second', async () => {
    signedInFor(301);
    expect(await dashboardHeading()).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sesja wkrótce wygaśnie' })).not.toBeInTheDocument();

    await advanceTime(1_000);
    const box = screen.getByRole('region', { name: 'Sesja wkrótce wygaśnie' });
    expect(within(box).getByRole('timer')).toHaveTextContent('5:00');
    await advanceTime(1_000);
    expect(within(box).getByRole('timer')).toHaveTextContent('4:59');
    await advanceTime(59_000);
    expect(within(box).getByRole('timer')).toHaveTextContent('4:00');
  });

  it('"Przedłuż sesję" refreshes with the refresh token, and the box goes', async () => {
    const { session, authClient, user } = signedInFor(120);
    await dashboardHeading();
    await advanceTime(1_000);
    const box = screen.getByRole('region', { name: 'Sesja wkrótce wygaśnie' });
    expect(within(box).getByRole('timer')).toHaveTextContent('1:59');

    await user.click(within(box).getByRole('button', { name: 'Przedłuż sesję' }));

    expect(authClient.refreshSession).toHaveBeenCalledWith({ refresh_token: session.refresh_token });
    await advanceTime(1_000);
    expect(screen.queryByRole('region', { name: 'Sesja wkrótce wygaśnie' })).not.toBeInTheDocument();
  });

  it('says so when extending fails', async () => {
    const { authClient, user } = signedInFor(100);
    authClient.refreshSession.mockResolvedValueOnce({ error: new TypeError('Failed to fetch') });
    await dashboardHeading();
    await advanceTime(1_000);
    await user.click(screen.getByRole('button', { name: 'Przedłuż sesję' }));
    expect(await screen.findByText('Problem z połączeniem sieciowym. Spróbuj ponownie później.')).toBeInTheDocument();
  });

  it('at 0 signs out; the "Sesja wygasła" modal goes to / with "Zaloguj się ponownie"', async () => {
    const { authClient, user, location } = signedInFor(3);
    await dashboardHeading();
    await advanceTime(1_000);
    expect(screen.getByRole('timer')).toHaveTextContent('0:02');
    await advanceTime(2_000);

    expect(authClient.signOut).toHaveBeenCalledTimes(1);
    const dialog = screen.getByRole('dialog', { name: 'Sesja wygasła' });
    expect(dialog).toHaveAccessibleDescription('Twoja sesja wygasła. Zaloguj się ponownie, aby kontynuować.');
    expect(location().pathname).toBe('/');

    await user.click(within(dialog).getByRole('button', { name: 'Zaloguj się ponownie' }));
    expect(screen.queryByRole('dialog', { name: 'Sesja wygasła' })).not.toBeInTheDocument();
    expect(location().pathname).toBe('/');
    expect(screen.getByRole('tab', { name: 'Logowanie' })).toBeInTheDocument();
  });

  it('opens the modal when the session ends elsewhere (refresh failed, other tab)', async () => {
    const { authClient, location, router } = renderRoute('/dashboard/wallet', {
      authClient: createFakeAuthClient({ session: memberSession() }),
    });
    await screen.findByRole('heading', { level: 1, name: 'eWallet' });
    act(() => authClient.emit('SIGNED_OUT', null));
    expect(await screen.findByRole('dialog', { name: 'Sesja wygasła' })).toBeInTheDocument();
    expect(location().pathname).toBe('/');
    // 'Zaloguj się ponownie' keeps the page to return to after signing in.
    expect(router()?.state.location.state).toEqual({ from: '/dashboard/wallet' });
  });

  it('does not open the modal on "Wyloguj"', async () => {
    const { user, location } = renderRoute('/dashboard', {
      authClient: createFakeAuthClient({ session: memberSession({ fullName: 'Jan Członek' }) }),
    });
    await dashboardHeading();
    await user.click(screen.getByRole('button', { name: /Menu użytkownika/ }));
    await user.click(screen.getByRole('button', { name: 'Wyloguj' }));
    expect(await screen.findByRole('tab', { name: 'Logowanie' })).toBeInTheDocument();
    expect(location().pathname).toBe('/');
    expect(screen.queryByRole('dialog', { name: 'Sesja wygasła' })).not.toBeInTheDocument();
  });
});

describe('the resend flow against the server', () => {
  it('login of an unactivated account → resend → the link goes out', async () => {
    const resend = recordPost(authUrl('/resend'), () => okAnswer());
    server.use(
      http.post(authUrl('/token'), () => gotrueError(400, 'email_not_confirmed', 'Email not confirmed')),
      http.post(rpcUrl('get_account_status'), () => rpcAnswer('not_activated')),
      resend.handler,
    );
    const { user } = renderRoute('/', { supabase: createTestSupabase() });
    await user.type(await screen.findByLabelText('Email'), 'nowy@example.pl');
    await user.type(screen.getByLabelText('Hasło'), 'Haslo1234');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    await user.click(await screen.findByRole('button', { name: 'Wyślij link aktywacyjny ponownie' }));
    await waitFor(() => expect(resend.calls).toHaveLength(1));
  });
});
