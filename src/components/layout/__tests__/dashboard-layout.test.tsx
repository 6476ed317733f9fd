import axe from 'axe-core';
import { screen, waitFor, within } from '@testing-library/react';
import { createFakeAuthClient } from '@/testing/fake-auth-client';
import { adminSession, memberSession } from '@/testing/factories';
import { profileRow, shellHandlers, siteSettingsRow } from '@/testing/msw/dashboard-answers';
import { server } from '@/testing/msw/server';
import { headTag } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { DashboardLayout } from '../dashboard-layout';
import type { MenuEntry } from '../side-menu';

/** Entries as the app passes them (src/app/sections.ts builds the real ones; its tests check them against the spec). */
const MENU: readonly MenuEntry[] = [
  { to: '/dashboard', labelKey: 'nav.dashboard', end: true },
  { to: '/dashboard/wallet', labelKey: 'nav.wallet' },
  { to: '/dashboard/ideas', labelKey: 'nav.ideas' },
  { to: '/dashboard/admin/smtp', labelKey: 'nav.admin', activeFor: '/dashboard/admin' },
];

const menu = () => screen.getByRole('navigation', { name: 'Menu główne' });

function menuEntries() {
  return within(menu())
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('the side menu', () => {
  it('draws the entries it is given, in order', async () => {
    renderWithProviders(<DashboardLayout menu={MENU} />, { route: '/dashboard', session: memberSession() });
    await waitFor(() =>
      expect(menuEntries()).toEqual([
        ['Dashboard', '/dashboard'],
        ['eWallet', '/dashboard/wallet'],
        ['Pomysły', '/dashboard/ideas'],
        ['Panel Admina', '/dashboard/admin/smtp'],
      ]),
    );
  });

  it('is empty without entries', () => {
    renderWithProviders(<DashboardLayout />, { route: '/dashboard', session: memberSession() });
    expect(within(menu()).queryAllByRole('link')).toEqual([]);
  });

  it('marks the active entry with aria-current; Dashboard only on an exact match', async () => {
    renderWithProviders(<DashboardLayout menu={MENU} />, { route: '/dashboard/wallet', session: memberSession() });
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
    renderWithProviders(<DashboardLayout menu={MENU} />, { route: '/dashboard', session: memberSession() });
    expect(await within(menu()).findByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('marks "Panel Admina" active on any admin tab', async () => {
    renderWithProviders(<DashboardLayout menu={MENU} />, { route: '/dashboard/admin/users', session: adminSession() });
    expect(await within(menu()).findByRole('link', { name: 'Panel Admina' })).toHaveAttribute('aria-current', 'page');
  });

  it('navigates with the keyboard', async () => {
    const { user, router } = renderWithProviders(<DashboardLayout menu={MENU} />, {
      route: '/dashboard',
      session: memberSession(),
    });
    const ideas = await within(menu()).findByRole('link', { name: 'Pomysły' });
    ideas.focus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/dashboard/ideas');
  });

  it('opens and closes on small screens (button, Escape, choosing an entry)', async () => {
    const { user } = renderWithProviders(<DashboardLayout menu={MENU} />, {
      route: '/dashboard',
      session: memberSession(),
    });
    const toggle = await screen.findByRole('button', { name: 'Otwórz menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', menu().id);

    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Zamknij menu' })).toHaveAttribute('aria-expanded', 'true');
    // The keyboard continues in the menu, and Escape gives the focus back to the toggle.
    expect(within(menu()).getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Otwórz menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Otwórz menu' }));
    await user.click(within(menu()).getByRole('link', { name: 'eWallet' }));
    expect(screen.getByRole('button', { name: 'Otwórz menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

/** The parts of axe-core's text utilities the badge's test uses (its typings leave them out). */
type AxeInternals = {
  text: {
    sanitize: (value: string) => string;
    removeUnicode: (value: string, options: { emoji: boolean; nonBmp: boolean; punctuations: boolean }) => string;
    visibleVirtual: (node: unknown, screenReader: boolean, noRecursing: boolean) => string;
    accessibleText: (element: Element) => string;
  };
  utils: { getNodeFromTree: (element: Element) => unknown };
};

describe('the header', () => {
  function renderShell(
    options: {
      level?: 'FREE' | 'START' | 'PREMIUM' | 'VIP';
      validUntil?: string | null;
      effectiveLevel?: 'FREE' | 'START' | 'PREMIUM' | 'VIP';
      displayName?: string | null;
      unread?: number;
    } = {},
  ) {
    const session = memberSession({ fullName: 'Jan Kowalski' });
    server.use(
      ...shellHandlers({
        profile: profileRow(session.user, {
          level: options.level ?? 'PREMIUM',
          validUntil: options.validUntil,
          effectiveLevel: options.effectiveLevel,
          displayName: options.displayName,
        }),
        siteSettings: siteSettingsRow({ site_title: 'Mój Klub', og_title: 'Klub — udostępnij' }),
        unread: options.unread ?? 0,
      }),
    );
    const view = renderWithProviders(<DashboardLayout notificationsPanel={StubPanel} />, {
      route: '/dashboard',
      session,
      supabase: createTestSupabase(),
    });
    return { ...view, session, header: () => screen.getByRole('banner') };
  }

  function StubPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
    return open ? (
      <div role="dialog" aria-label="Powiadomienia">
        <button onClick={onClose}>Zamknij panel</button>
      </div>
    ) : null;
  }

  it('shows a paid level with its end date, and FREE once the server counts the membership as ended', async () => {
    const { header, unmount } = renderShell({ level: 'PREMIUM', validUntil: '2027-11-24' });
    const badge = await within(header()).findByRole('link', {
      name: 'Poziom członkostwa: PREMIUM · do 24.11.2027',
    });
    expect(badge).toHaveTextContent(/^PREMIUM · do 24.11.2027$/);
    unmount();
    const view = renderShell({ level: 'PREMIUM', validUntil: '2026-01-01', effectiveLevel: 'FREE' });
    const free = await within(view.header()).findByRole('link', { name: 'Poziom członkostwa: FREE' });
    expect(free).toHaveTextContent(/^FREE$/);
  });

  it('names the level badge with its visible text in it (WCAG 2.5.3: a speech user says what they see)', async () => {
    const { header, unmount } = renderShell({ level: 'VIP', validUntil: '2027-11-27' });
    // The name holds the visible text word for word, date included (below 640 px only the level shows).
    const badge = await within(header()).findByRole('link', { name: /VIP · do 27\.11\.2027/ });
    expect(badge.textContent).toBe('VIP · do 27.11.2027');
    expect(badge).toHaveAccessibleName(expect.stringContaining(badge.textContent));
    // And as axe-core's label-content-name-mismatch reads both (the E2E check's rule; its own run
    // needs a canvas that jsdom lacks): the visible text joins each element's text trimmed, and
    // both lose case and punctuation. A space inside the date's span made it 'vip· do 27112027'.
    axe.setup(document);
    try {
      const { text, utils } = { text: axe.commons.text, utils: axe.utils } as unknown as AxeInternals;
      const curate = (value: string) =>
        text.sanitize(text.removeUnicode(value, { emoji: true, nonBmp: true, punctuations: true }).toLowerCase());
      const visible = text.visibleVirtual(utils.getNodeFromTree(badge), false, false);
      expect(visible).not.toBe('');
      expect(curate(text.accessibleText(badge))).toContain(curate(visible));
    } finally {
      axe.teardown();
    }
    unmount();
    // Without an end date, too.
    const view = renderShell({ level: 'START', validUntil: null });
    const start = await within(view.header()).findByRole('link', { name: /START/ });
    expect(start.textContent).toBe('START');
    expect(start).toHaveAccessibleName(expect.stringContaining(start.textContent));
  });

  it("shows the site title, the member's level (→ investments), settings and the display name", async () => {
    const { header } = renderShell({ displayName: 'Janek' });
    const badge = await within(header()).findByRole('link', { name: 'Poziom członkostwa: PREMIUM' });
    expect(badge).toHaveAttribute('href', '/dashboard/investments');
    expect(badge).toHaveTextContent(/^PREMIUM$/);
    expect(within(header()).getByRole('link', { name: 'Mój Klub' })).toHaveAttribute('href', '/dashboard');
    expect(within(header()).getByRole('link', { name: 'Ustawienia' })).toHaveAttribute('href', '/dashboard/settings');
    expect(await within(header()).findByRole('button', { name: 'Menu użytkownika: Janek' })).toBeInTheDocument();
  });

  it('shows the e-mail when the member has no display name', async () => {
    const { session } = renderShell({ displayName: null });
    expect(
      await screen.findByRole('button', { name: `Menu użytkownika: ${session.user.email ?? ''}` }),
    ).toBeInTheDocument();
  });

  it('shows the unread count on the bell; the bell opens the panel and gets the focus back', async () => {
    const { user, header } = renderShell({ unread: 3 });
    const bell = await within(header()).findByRole('button', { name: 'Powiadomienia, nieprzeczytane: 3' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(within(bell).getByText('3')).toBeInTheDocument();
    await user.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Zamknij panel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
  });

  it('caps the count at 99+', async () => {
    const { header } = renderShell({ unread: 250 });
    const bell = await within(header()).findByRole('button', { name: 'Powiadomienia, nieprzeczytane: 250' });
    expect(within(bell).getByText('99+')).toBeInTheDocument();
  });

  it('names the bell without a number when everything is read', async () => {
    const { header } = renderShell({ unread: 0 });
    await within(header()).findByRole('link', { name: 'Poziom członkostwa: PREMIUM' });
    expect(within(header()).getByRole('button', { name: 'Powiadomienia' })).toBeInTheDocument();
  });

  it('puts the description, icon and share tags of the site settings into the head', async () => {
    renderShell();
    await waitFor(() => expect(headTag('meta[property="og:title"]')).toHaveAttribute('content', 'Klub — udostępnij'));
    expect(headTag('meta[name="description"]')).toHaveAttribute('content', 'Klub inwestorów w aplikacje');
    // No Twitter title of its own: the share title is used.
    expect(headTag('meta[name="twitter:title"]')).toHaveAttribute('content', 'Klub — udostępnij');
    expect(headTag('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
  });

  it('shows the badge as "Członkostwo" while the profile is unknown', async () => {
    const session = memberSession();
    renderWithProviders(<DashboardLayout />, { route: '/dashboard', session });
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Członkostwo' })).toHaveAttribute(
      'href',
      '/dashboard/investments',
    );
  });
});

describe('signing out ("Wyloguj")', () => {
  async function signOutFrom(options: Parameters<typeof renderWithProviders>[1]) {
    const view = renderWithProviders(<DashboardLayout />, options);
    const { user } = view;
    const menuButton = await screen.findByRole('button', { name: /^Menu użytkownika/ });
    localStorage.setItem('sb-auth-token', 'token');
    localStorage.setItem('announcement-dismissed', '1');
    sessionStorage.setItem('referral_code', 'ABC');
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Wyloguj' }));
    return view;
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
