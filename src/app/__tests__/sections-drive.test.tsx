// The one list drives them all: a section added to the registry (sections.ts) is a route, an entry
// of the side menu or a tab of the admin tab bar, and a prefetch, with nothing else edited; the admin
// flag keeps an admin tab from members.
import { screen, within } from '@testing-library/react';
import { buildSession, buildUser, memberSession, withVerifiedTotp } from '@/testing/factories';
import { shellHandlers } from '@/testing/msw/dashboard-answers';
import { server } from '@/testing/msw/server';
import type * as SectionsModule from '../sections';
import { sections } from '../sections';
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
  };
  const probeTab: SectionsModule.AdminTab = {
    path: '/dashboard/admin/probe',
    segment: 'probe',
    label: 'admin.actions',
    admin: true,
    chunk: vi.fn(() => Promise.resolve({ Component: () => <h1>Sonda admina</h1> })),
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
  vi.mocked(probe.chunk).mockClear();
  vi.mocked(probeTab.chunk).mockClear();
  server.use(...shellHandlers());
});

describe('a member section added to the registry', () => {
  it('is an entry of the side menu, in its place, whose pointing loads its chunk and which opens its page', async () => {
    const { user, location } = renderRoute('/dashboard/settings', { session: memberSession() });
    const nav = await menu();
    expect(labels(nav).slice(-2)).toEqual(['Ustawienia', 'Członkostwo']);
    const entry = within(nav).getByRole('link', { name: 'Członkostwo' });
    expect(entry).toHaveAttribute('href', '/dashboard/probe');
    expect(probe.chunk).not.toHaveBeenCalled();

    await user.hover(entry);
    await vi.waitFor(() => expect(probe.chunk).toHaveBeenCalled());

    await user.click(entry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sonda' })).toBeInTheDocument();
    expect(location().pathname).toBe('/dashboard/probe');
    expect(within(nav).getByRole('link', { name: 'Członkostwo' })).toHaveAttribute('aria-current', 'page');
  });

  it('is a route of its own: its address opens its page', async () => {
    renderRoute('/dashboard/probe', { session: memberSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sonda' })).toBeInTheDocument();
  });
});

describe('an admin tab added to the registry', () => {
  it('is a tab of the admin tab bar, in its place, and a route of the admin area', async () => {
    const { user, location } = renderRoute('/dashboard/admin/probe', { session: adminSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sonda admina' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Sekcje panelu admina' });
    expect(labels(tabs).slice(-2)).toEqual(['Dziennik zmian', 'Akcje']);
    const tab = within(tabs).getByRole('link', { name: 'Akcje' });
    expect(tab).toHaveAttribute('aria-current', 'page');
    // Not a member section: the side menu has 'Panel Admina' for the whole area, not an entry of its own.
    expect(within(await menu()).queryByRole('link', { name: 'Akcje' })).not.toBeInTheDocument();

    await user.click(within(tabs).getByRole('link', { name: 'SMTP' }));
    await screen.findByRole('heading', { level: 1, name: 'SMTP' });
    vi.mocked(probeTab.chunk).mockClear();
    await user.hover(within(tabs).getByRole('link', { name: 'Akcje' }));
    await vi.waitFor(() => expect(probeTab.chunk).toHaveBeenCalled());
    expect(location().pathname).toBe('/dashboard/admin/smtp');
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
