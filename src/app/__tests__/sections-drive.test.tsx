// The one list drives them all: a section added to the registry (sections.ts) is a route, an entry
// of the side menu or a tab of the admin tab bar, and a prefetch of its chunk and its first reads
// (which the shell's loader also starts), with nothing else edited; the admin flag keeps an admin
// tab from members, and its reads from an admin before the second factor.
import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { buildSession, buildUser, memberSession, withVerifiedTotp } from '@/testing/factories';
import { shellHandlers } from '@/testing/msw/dashboard-answers';
import { authUrl, userAnswer } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { Component as AdminLayout } from '../routes/dashboard/admin/layout';
import type * as SectionsModule from '../sections';
import { sections } from '../sections';
import { loadShell } from '../shell-reads';
import { renderRoute } from '../testing/render-route';

// The real registry plus a member section (after the last member section) and an admin tab (after
// the last tab), each with a page of its own.
vi.mock('../sections', async (importOriginal) => {
  const real = await importOriginal<typeof SectionsModule>();
  const probe: SectionsModule.MemberSection = {
    path: '/dashboard/probe',
    segment: 'probe',
    label: 'nav.membership',
    admin: false,
    chunk: vi.fn(() => Promise.resolve({ Component: () => <h1>Sonda</h1> })),
    reads: vi.fn(() => Promise.resolve()),
  };
  const probeTab: SectionsModule.AdminTab = {
    path: '/dashboard/admin/probe',
    segment: 'probe',
    label: 'admin.actions',
    admin: true,
    chunk: vi.fn(() => Promise.resolve({ Component: () => <h1>Sonda admina</h1> })),
    reads: vi.fn(() => Promise.resolve()),
  };
  return {
    ...real,
    // The admin layout imported from here, not from the original module: a module the original
    // imports would get the original registry (vitest mocks what the test's graph imports).
    ADMIN_AREA: { ...real.ADMIN_AREA, layout: () => import('../routes/dashboard/admin/layout') },
    sections: real.createSections([...real.sections.member, probe, ...real.sections.adminTabs, probeTab]),
  };
});

const adminSession = () => buildSession(withVerifiedTotp(buildUser({ admin: true })), { aal: 'aal2' });
const menu = () => screen.findByRole('navigation', { name: 'Menu główne' });
const labels = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
const probe = sections.at('/dashboard/probe')!;
const probeTab = sections.at('/dashboard/admin/probe')!;

beforeEach(() => {
  for (const section of [probe, probeTab]) {
    vi.mocked(section.chunk).mockClear();
    vi.mocked(section.reads!).mockClear();
  }
  server.use(...shellHandlers());
});

describe('a member section added to the registry', () => {
  it('is an entry of the side menu, in its place, whose pointing loads its chunk and starts its reads, and which opens its page', async () => {
    const session = memberSession();
    const { user, location, queryClient } = renderRoute('/dashboard/settings', { session });
    const nav = await menu();
    expect(labels(nav).slice(-2)).toEqual(['Ustawienia', 'Członkostwo']);
    const entry = within(nav).getByRole('link', { name: 'Członkostwo' });
    expect(entry).toHaveAttribute('href', '/dashboard/probe');
    expect(probe.chunk).not.toHaveBeenCalled();

    await user.hover(entry);
    await vi.waitFor(() => expect(probe.chunk).toHaveBeenCalled());
    expect(probe.reads).toHaveBeenCalledWith(expect.objectContaining({ queryClient, userId: session.user.id }));

    await user.click(entry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sonda' })).toBeInTheDocument();
    expect(location().pathname).toBe('/dashboard/probe');
    expect(within(nav).getByRole('link', { name: 'Członkostwo' })).toHaveAttribute('aria-current', 'page');
  });

  it('is a route of its own: its address opens its page', async () => {
    renderRoute('/dashboard/probe', { session: memberSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sonda' })).toBeInTheDocument();
  });

  it("has its reads started by the shell's loader when its address is opened", async () => {
    const supabase = createTestSupabase();
    const session = memberSession();
    supabase.storeSession(session);
    const queryClient = new QueryClient();
    const context = { queryClient, getClient: () => Promise.resolve(supabase.client), hasStoredSession: () => true };

    await loadShell(context, '/dashboard/probe/');
    expect(probe.reads).toHaveBeenCalledWith(expect.objectContaining({ queryClient, userId: session.user.id }));

    vi.mocked(probe.reads!).mockClear();
    await loadShell(context, '/dashboard/submit-idea');
    expect(probe.reads).not.toHaveBeenCalled();
  });
});

describe('an admin tab added to the registry', () => {
  it('is a tab of the admin tab bar, in its place, and a route of the admin area', async () => {
    const session = adminSession();
    // The admin gate asks Auth for the factors.
    server.use(http.get(authUrl('/user'), () => userAnswer(session.user)));
    const { user, location } = renderRoute('/dashboard/admin/probe', { session });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sonda admina' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Sekcje panelu admina' });
    expect(labels(tabs).slice(-2)).toEqual(['Wnioski RODO', 'Akcje']);
    const tab = within(tabs).getByRole('link', { name: 'Akcje' });
    expect(tab).toHaveAttribute('aria-current', 'page');
    // Not a member section: the side menu has 'Panel Admina' for the whole area, not an entry of its own.
    expect(within(await menu()).queryByRole('link', { name: 'Akcje' })).not.toBeInTheDocument();

    await user.click(within(tabs).getByRole('link', { name: 'SMTP' }));
    await screen.findByRole('heading', { level: 1, name: 'SMTP' });
    vi.mocked(probeTab.chunk).mockClear();
    vi.mocked(probeTab.reads!).mockClear();
    await user.hover(within(tabs).getByRole('link', { name: 'Akcje' }));
    await vi.waitFor(() => expect(probeTab.chunk).toHaveBeenCalled());
    expect(probeTab.reads).toHaveBeenCalledTimes(1);
    expect(location().pathname).toBe('/dashboard/admin/smtp');
  });

  it('loads only its code, not its reads, before the second factor', async () => {
    const session = buildSession(withVerifiedTotp(buildUser({ admin: true })), { aal: 'aal1' });
    server.use(http.get(authUrl('/user'), () => userAnswer(session.user)));
    // The admin layout alone: the route map's guard would ask for the code before the dashboard.
    const { user } = renderWithProviders(<AdminLayout />, {
      route: '/dashboard/admin/smtp',
      session,
      supabase: createTestSupabase(),
    });
    expect(await screen.findByRole('heading', { name: 'Potwierdź dostęp do panelu admina' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Sekcje panelu admina' });

    await user.hover(within(tabs).getByRole('link', { name: 'Akcje' }));
    await vi.waitFor(() => expect(probeTab.chunk).toHaveBeenCalled());
    expect(probeTab.reads).not.toHaveBeenCalled();
  });

  it("is hidden from a member: no route (its address ends at /dashboard), no tab, no 'Panel Admina'", async () => {
    const { location } = renderRoute('/dashboard/admin/probe', { session: memberSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Panel główny' })).toBeInTheDocument();
    expect(location().pathname).toBe('/dashboard');
    expect(probeTab.chunk).not.toHaveBeenCalled();
    const nav = await menu();
    expect(labels(nav)).toContain('Członkostwo');
    expect(labels(nav)).not.toContain('Panel Admina');
    expect(screen.queryByRole('navigation', { name: 'Sekcje panelu admina' })).not.toBeInTheDocument();
  });
});
