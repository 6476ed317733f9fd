import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/msw/handlers';
import { server } from '@/testing/msw/server';
import { createTestSupabase } from '@/testing/supabase';
import { createFakeAuthClient } from '@/testing/fake-auth-client';
import { adminSession, memberSession } from '@/testing/factories';
import { renderWithProviders } from '@/testing/render';
import { DashboardLayout } from '../dashboard-layout';

const MEMBER_MENU = [
  ['Dashboard', '/dashboard'],
  ['Aplikacje', '/dashboard/apps'],
  ['Społeczność', '/dashboard/community'],
  ['Dołącz do Klubu', '/dashboard/investments'],
  ['Pakiety CCC', '/dashboard/ccc'],
  ['Program Partnerski', '/dashboard/referral'],
  ['eWallet', '/dashboard/wallet'],
  ['Pomysły', '/dashboard/ideas'],
  ['Zgłoś pomysł', '/dashboard/submit-idea'],
  ['Ustawienia', '/dashboard/settings'],
];

const menu = () => screen.getByRole('navigation', { name: 'Menu główne' });

function menuEntries() {
  return within(menu())
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('the side menu', () => {
  it('lists exactly the spec entries, in order, for a member', async () => {
    renderWithProviders(<DashboardLayout />, { route: '/dashboard', session: memberSession() });
    await waitFor(() => expect(menuEntries()).toEqual(MEMBER_MENU));
    expect(within(menu()).queryByRole('link', { name: 'Panel Admina' })).not.toBeInTheDocument();
  });

  it('adds "Panel Admina" → /dashboard/admin/smtp for an admin', async () => {
    renderWithProviders(<DashboardLayout />, { route: '/dashboard', session: adminSession() });
    expect(await within(menu()).findByRole('link', { name: 'Panel Admina' })).toHaveAttribute(
      'href',
      '/dashboard/admin/smtp',
    );
    expect(menuEntries()).toEqual([...MEMBER_MENU, ['Panel Admina', '/dashboard/admin/smtp']]);
  });

  it('marks the active entry with aria-current; Dashboard only on an exact match', async () => {
    renderWithProviders(<DashboardLayout />, { route: '/dashboard/wallet', session: memberSession() });
    const wallet = await within(menu()).findByRole('link', { name: 'eWallet' });
    expect(wallet).toHaveAttribute('aria-current', 'page');
    expect(within(menu()).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(
      within(menu())
        .getAllByRole('link')
        .filter((link) => link.hasAttribute('aria-current')),
    ).toHaveLength(1);
  });

  it('marks Dashboard active on /dashboard', async () => {
    renderWithProviders(<DashboardLayout />, { route: '/dashboard', session: memberSession() });
    expect(await within(menu()).findByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('marks "Panel Admina" active on any admin tab', async () => {
    renderWithProviders(<DashboardLayout />, { route: '/dashboard/admin/users', session: adminSession() });
    expect(await within(menu()).findByRole('link', { name: 'Panel Admina' })).toHaveAttribute('aria-current', 'page');
  });

  it('navigates with the keyboard', async () => {
    const { user, router } = renderWithProviders(<DashboardLayout />, {
      route: '/dashboard',
      session: memberSession(),
    });
    const ideas = await within(menu()).findByRole('link', { name: 'Pomysły' });
    ideas.focus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/dashboard/ideas');
  });

  it('opens and closes on small screens (button, Escape, choosing an entry)', async () => {
    const { user } = renderWithProviders(<DashboardLayout />, { route: '/dashboard', session: memberSession() });
    const toggle = await screen.findByRole('button', { name: 'Otwórz menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', menu().id);

    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Zamknij menu' })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Otwórz menu' })).toHaveAttribute('aria-expanded', 'false');

    await user.click(screen.getByRole('button', { name: 'Otwórz menu' }));
    await user.click(within(menu()).getByRole('link', { name: 'eWallet' }));
    expect(screen.getByRole('button', { name: 'Otwórz menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('the header', () => {
  /** The member's own profile row as PostgREST returns it (the name lives there, not in Auth). */
  function profileAnswer(displayName: string | null, email: string) {
    server.use(
      http.get(restUrl('/profiles'), () =>
        HttpResponse.json({
          id: 'p1',
          user_id: 'u1',
          full_name: displayName,
          email,
          phone: null,
          email_confirmed: true,
          membership_level: 'FREE',
          created_at: '2026-11-01T10:00:00+00:00',
          updated_at: '2026-11-01T10:00:00+00:00',
          user_settings: {
            display_name: displayName,
            avatar_url: null,
            two_factor_enabled: false,
            theme: 'dark',
            notification_preferences: {},
            updated_at: '2026-11-01T10:00:00+00:00',
          },
        }),
      ),
    );
  }

  it('has the membership badge (→ investments), the bell, settings and the user menu', async () => {
    const session = memberSession();
    profileAnswer('Jan Kowalski', session.user.email ?? '');
    renderWithProviders(<DashboardLayout />, { route: '/dashboard', session, supabase: createTestSupabase() });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Członkostwo' })).toHaveAttribute('href', '/dashboard/investments');
    expect(within(header).getByRole('button', { name: 'Powiadomienia' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Ustawienia' })).toHaveAttribute('href', '/dashboard/settings');
    expect(await within(header).findByRole('button', { name: 'Menu użytkownika: Jan Kowalski' })).toBeInTheDocument();
  });

  it('shows the e-mail when the member has no name', async () => {
    const session = memberSession();
    profileAnswer(null, session.user.email ?? '');
    renderWithProviders(<DashboardLayout />, { route: '/dashboard', session, supabase: createTestSupabase() });
    expect(
      await screen.findByRole('button', { name: `Menu użytkownika: ${session.user.email ?? ''}` }),
    ).toBeInTheDocument();
  });
});

describe('signing out ("Wyloguj")', () => {
  async function signOutFrom(options: Parameters<typeof renderWithProviders>[1]) {
    const rendered = renderWithProviders(<DashboardLayout />, options);
    const { user } = rendered;
    const menuButton = await screen.findByRole('button', { name: /^Menu użytkownika/ });
    localStorage.setItem('sb-auth-token', 'token');
    localStorage.setItem('announcement-dismissed', '1');
    sessionStorage.setItem('referral_code', 'ABC');
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Wyloguj' }));
    return rendered;
  }

  it('signs out, clears local and session storage and goes to /', async () => {
    const { router, authClient } = await signOutFrom({ route: '/dashboard/wallet', session: memberSession() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(authClient.signOut).toHaveBeenCalledTimes(1);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('still clears storage and goes to / when the sign-out call rejects, logging the failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const authClient = createFakeAuthClient({ session: memberSession() });
    authClient.signOut.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    const { router } = await signOutFrom({ route: '/dashboard/settings', authClient });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(warn).toHaveBeenCalledWith('Sign-out failed', expect.any(TypeError));
  });

  it('still clears storage and goes to / when the sign-out call answers with an error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const authClient = createFakeAuthClient({ session: memberSession() });
    authClient.signOut.mockResolvedValueOnce({ error: new Error('500') });

    const { router } = await signOutFrom({ route: '/dashboard', authClient });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.length).toBe(0);
    expect(warn).toHaveBeenCalledWith('Sign-out failed', expect.any(Error));
  });

  it('closes the user menu on Escape and returns the focus', async () => {
    const { user } = renderWithProviders(<DashboardLayout />, { route: '/dashboard', session: memberSession() });
    const menuButton = await screen.findByRole('button', { name: /^Menu użytkownika/ });
    await user.click(menuButton);
    expect(screen.getByRole('button', { name: 'Wyloguj' })).toBeVisible();
    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Wyloguj' })).not.toBeInTheDocument();
  });
});
