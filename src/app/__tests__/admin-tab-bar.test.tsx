import { act, screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import { http } from 'msw';
import { buildSession, buildUser, withVerifiedTotp } from '@/testing/factories';
import { authUrl, userAnswer } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { Component as AdminLayout } from '../routes/dashboard/admin/layout';
import { sectionLoaders } from '../section-loaders';

// Each tab's chunk stands in as a module whose `prefetch` records that it ran.
const { tabModules } = vi.hoisted(() => ({
  tabModules: Object.fromEntries(
    ['/dashboard/admin/users', '/dashboard/admin/payments', '/dashboard/admin/smtp'].map((path) => [
      path,
      { Component: () => null, prefetch: vi.fn() },
    ]),
  ),
}));
vi.mock('../section-loaders', () => ({
  sectionLoaders: Object.fromEntries(
    Object.entries(tabModules).map(([path, module]) => [path, vi.fn(() => Promise.resolve(module))]),
  ),
}));

/** The stand-in chunk of a tab loaded (its promise settled, so whatever waited on it has run). */
const loaded = (path: string) => act(() => sectionLoaders[path]!());

function renderTabBar(aal: 'aal1' | 'aal2') {
  vi.clearAllMocks();
  const session = buildSession(withVerifiedTotp(buildUser({ admin: true })), { aal });
  server.use(http.get(authUrl('/user'), () => userAnswer(session.user)));
  const view = renderWithProviders(<AdminLayout />, {
    route: '/dashboard/admin/smtp',
    session,
    supabase: createTestSupabase(),
  });
  const tabs = screen.getByRole('navigation', { name: 'Sekcje panelu admina' });
  return { ...view, session, tab: (name: string) => within(tabs).getByRole('link', { name }) };
}

describe("the admin tab bar's prefetch (the side menu's mechanism)", () => {
  it("loads a tab's chunk and runs its prefetch when the tab is pointed at or focused", async () => {
    const { user, tab, session, queryClient } = renderTabBar('aal2');
    // The gate lets an aal2 admin through once the session is read.
    await waitForElementToBeRemoved(() => screen.queryByRole('status', { name: 'Ładowanie...' }));

    await user.hover(tab('Użytkownicy'));
    expect(sectionLoaders['/dashboard/admin/users']).toHaveBeenCalled();
    await loaded('/dashboard/admin/users');
    expect(tabModules['/dashboard/admin/users']!.prefetch).toHaveBeenCalledWith(
      expect.objectContaining({ queryClient, userId: session.user.id }),
    );

    act(() => tab('Płatności').focus());
    expect(sectionLoaders['/dashboard/admin/payments']).toHaveBeenCalled();
    await loaded('/dashboard/admin/payments');
    expect(tabModules['/dashboard/admin/payments']!.prefetch).toHaveBeenCalled();
  });

  it('before the second factor loads only the code: the database would refuse the reads', async () => {
    const { user, tab } = renderTabBar('aal1');
    // The gate asks for the code below the tab bar.
    expect(await screen.findByRole('heading', { name: 'Potwierdź dostęp do panelu admina' })).toBeInTheDocument();

    await user.hover(tab('Użytkownicy'));
    expect(sectionLoaders['/dashboard/admin/users']).toHaveBeenCalled();
    await loaded('/dashboard/admin/users');
    expect(tabModules['/dashboard/admin/users']!.prefetch).not.toHaveBeenCalled();
  });
});
