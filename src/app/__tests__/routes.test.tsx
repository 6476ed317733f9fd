import { act, screen, waitFor, within } from '@testing-library/react';
import { buildSession, buildUser, memberSession, withVerifiedTotp } from '@/testing/factories';
import { settle } from '@/testing/timers';
import { recordPost, rpcAnswer, rpcUrl } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { createTestSupabase } from '@/testing/supabase';
import { renderRoute } from '../testing/render-route';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

/**
 * An admin signed in with the second factor: every admin right needs an aal2 session (the admin
 * gate asks an aal1 admin for the code, and one without a factor to set one up; admin-gate.test).
 */
const adminSession = () => buildSession(withVerifiedTotp(buildUser({ admin: true })), { aal: 'aal2' });

describe('route guards', () => {
  it('sends a signed-out visitor from /dashboard/wallet to /', async () => {
    const { location } = renderRoute('/dashboard/wallet');
    expect(await screen.findByRole('tab', { name: 'Logowanie' })).toBeInTheDocument();
    expect(location().pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: 'eWallet' })).not.toBeInTheDocument();
  });

  it('shows a loading state, not a redirect, while the session is unknown', async () => {
    const { location } = renderRoute('/dashboard/wallet', { pendingSession: true });
    expect(screen.getByRole('status')).toHaveTextContent('Ładowanie...');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(location().pathname).toBe('/dashboard/wallet');
    expect(screen.queryByRole('tab', { name: 'Logowanie' })).not.toBeInTheDocument();
  });

  it('lets a member into a dashboard section', async () => {
    const { location } = renderRoute('/dashboard/wallet', { session: memberSession() });
    expect(await heading('eWallet')).toBeInTheDocument();
    expect(location().pathname).toBe('/dashboard/wallet');
  });

  it('sends a signed-in user from / to /dashboard', async () => {
    const { location } = renderRoute('/', { session: memberSession() });
    expect(await heading('Panel główny')).toBeInTheDocument();
    expect(location().pathname).toBe('/dashboard');
  });

  it('keeps ?ref on the landing page', async () => {
    const track = recordPost(rpcUrl('track_referral_visit'), () => rpcAnswer(true));
    server.use(track.handler);
    const { location } = renderRoute('/?ref=abc123', { supabase: createTestSupabase() });
    expect(await screen.findByRole('tab', { name: 'Rejestracja' })).toBeInTheDocument();
    expect(location()).toMatchObject({ pathname: '/', search: '?ref=abc123' });
    await waitFor(() => expect(track.calls).toHaveLength(1));
  });

  it('does not let a member reach /dashboard/admin/users: it ends at /dashboard', async () => {
    const { location } = renderRoute('/dashboard/admin/users', { session: memberSession() });
    expect(await heading('Panel główny')).toBeInTheDocument();
    expect(location().pathname).toBe('/dashboard');
    expect(screen.queryByRole('heading', { name: 'Użytkownicy' })).not.toBeInTheDocument();
  });

  it('lets an admin reach /dashboard/admin/users', async () => {
    const { location } = renderRoute('/dashboard/admin/users', { session: adminSession() });
    expect(await heading('Użytkownicy')).toBeInTheDocument();
    expect(location().pathname).toBe('/dashboard/admin/users');
    const tabs = screen.getByRole('navigation', { name: 'Sekcje panelu admina' });
    expect(within(tabs).getByRole('link', { name: 'Użytkownicy' })).toHaveAttribute('aria-current', 'page');
  });

  it('sends an admin from /dashboard/admin to the SMTP tab', async () => {
    const { location } = renderRoute('/dashboard/admin', { session: adminSession() });
    expect(await heading('SMTP')).toBeInTheDocument();
    expect(location().pathname).toBe('/dashboard/admin/smtp');
  });

  it.each(['/dashboard/no-such-section', '/dashboard/wallet/extra/parts', '/dashboard/admin/no-such-tab'])(
    'sends an unknown dashboard path (%s) to /dashboard',
    async (path) => {
      const { location } = renderRoute(path, { session: adminSession() });
      expect(await heading('Panel główny')).toBeInTheDocument();
      expect(location().pathname).toBe('/dashboard');
    },
  );

  it('registers the admin routes when an admin signs in, and drops them on sign-out', async () => {
    const { authClient, location, user } = renderRoute('/');
    await screen.findByRole('tab', { name: 'Logowanie' });

    act(() => authClient.emit('SIGNED_IN', adminSession()));
    expect(await heading('Panel główny')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Panel Admina' }));
    expect(await heading('SMTP')).toBeInTheDocument();
    expect(location().pathname).toBe('/dashboard/admin/smtp');

    act(() => authClient.emit('SIGNED_OUT', null));
    expect(await screen.findByRole('tab', { name: 'Logowanie' })).toBeInTheDocument();
    expect(location().pathname).toBe('/');
  });
});

describe('public pages', () => {
  it.each([
    ['/activate?token=abc', 'Aktywacja konta'],
    ['/reset-password?code=abc', 'Resetowanie hasła'],
  ])('%s is open to signed-out visitors', async (path, title) => {
    const { location } = renderRoute(path);
    expect(await heading(title)).toBeInTheDocument();
    expect(`${location().pathname}${location().search}`).toBe(path);
  });

  it('shows the landing page with both tabs', async () => {
    renderRoute('/');
    const login = await screen.findByRole('tab', { name: 'Logowanie' });
    expect(login).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Rejestracja' })).toHaveAttribute('aria-selected', 'false');
  });
});

describe('every dashboard section is reachable', () => {
  it.each([
    ['/dashboard', 'Panel główny'],
    ['/dashboard/apps', 'Aplikacje'],
    ['/dashboard/ideas', 'Pomysły'],
    ['/dashboard/submit-idea', 'Zgłoś pomysł'],
    ['/dashboard/community', 'Społeczność'],
    ['/dashboard/wallet', 'eWallet'],
    ['/dashboard/settings', 'Ustawienia'],
    ['/dashboard/referral', 'Program Partnerski'],
    ['/dashboard/ccc', 'Pakiety CCC'],
    ['/dashboard/investments', 'Dołącz do Klubu'],
    ['/dashboard/admin/users', 'Użytkownicy'],
    ['/dashboard/admin/apps', 'Aplikacje'],
    ['/dashboard/admin/ideas', 'Pomysły'],
    ['/dashboard/admin/announcements', 'Ogłoszenia'],
    ['/dashboard/admin/seo', 'SEO'],
    ['/dashboard/admin/smtp', 'SMTP'],
    ['/dashboard/admin/email-templates', 'Szablony email'],
    ['/dashboard/admin/withdrawals', 'Wypłaty'],
    ['/dashboard/admin/payments', 'Płatności'],
    ['/dashboard/admin/revenue', 'Przychód'],
    ['/dashboard/admin/payment-links', 'Linki płatności'],
    ['/dashboard/admin/catalogue', 'Katalog'],
    ['/dashboard/admin/profit-payouts', 'Wypłaty zysków'],
    ['/dashboard/admin/audit', 'Dziennik zmian'],
  ])('%s → "%s"', async (path, title) => {
    const { location } = renderRoute(path, { session: adminSession() });
    expect(await heading(title)).toBeInTheDocument();
    expect(location().pathname).toBe(path);
  });
});

describe('the not-found page', () => {
  it('offers a way home', async () => {
    const { location, user } = renderRoute('/no-such-page');
    expect(await heading('Nie znaleziono strony')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Wróć do strony głównej' }));
    expect(await screen.findByRole('tab', { name: 'Logowanie' })).toBeInTheDocument();
    expect(location().pathname).toBe('/');
  });

  it('redirects to / after 5 seconds, and not before', async () => {
    vi.useFakeTimers();
    const { location, router } = renderRoute('/no-such-page/deeper');
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Nie znaleziono strony' })).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_999);
    });
    expect(location().pathname).toBe('/no-such-page/deeper');
    expect(router()?.state.navigation.state).toBe('idle');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    await vi.waitFor(() => expect(location().pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Nie znaleziono strony' })).not.toBeInTheDocument();
  });

  it('is also shown to signed-in users for paths outside the dashboard', async () => {
    renderRoute('/wallet', { session: memberSession() });
    expect(await heading('Nie znaleziono strony')).toBeInTheDocument();
  });
});
