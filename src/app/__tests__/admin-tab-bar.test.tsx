import { act, screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { buildSession, buildUser, withVerifiedTotp } from '@/testing/factories';
import { authUrl, recordPost, rpcUrl, userAnswer } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { Component as AdminLayout } from '../routes/dashboard/admin/layout';
import type * as SectionsModule from '../sections';
import { sections } from '../sections';

// Each tab's chunk stands in as an import that has not arrived yet (and never does in these tests).
vi.mock('../sections', async (importOriginal) => {
  const real = await importOriginal<typeof SectionsModule>();
  const pending = <S extends SectionsModule.Section>(section: S): S => ({
    ...section,
    chunk: vi.fn(() => new Promise<never>(() => {})),
  });
  return { ...real, sections: real.createSections(real.sections.all.map(pending)) };
});

const chunkOf = (path: string) => sections.at(path)?.chunk;

function renderTabBar(aal: 'aal1' | 'aal2') {
  vi.clearAllMocks();
  const session = buildSession(withVerifiedTotp(buildUser({ admin: true })), { aal });
  const users = recordPost(rpcUrl('admin_list_users'), () => HttpResponse.json([]));
  const payments = recordPost(rpcUrl('admin_list_payment_orders'), () => HttpResponse.json([]));
  server.use(
    http.get(authUrl('/user'), () => userAnswer(session.user)),
    users.handler,
    payments.handler,
  );
  const view = renderWithProviders(<AdminLayout />, {
    route: '/dashboard/admin/smtp',
    session,
    supabase: createTestSupabase(),
  });
  const tabs = screen.getByRole('navigation', { name: 'Sekcje panelu admina' });
  return {
    ...view,
    users: users.calls,
    payments: payments.calls,
    tab: (name: string) => within(tabs).getByRole('link', { name }),
  };
}

describe("the admin tab bar's prefetch (the side menu's mechanism)", () => {
  it("starts a tab's chunk and its first read together when the tab is pointed at or focused", async () => {
    const { user, tab, users, payments, queryClient } = renderTabBar('aal2');
    // The gate lets an aal2 admin through once the session is read.
    await waitForElementToBeRemoved(() => screen.queryByRole('status', { name: 'Ładowanie...' }));

    const queries = () => queryClient.getQueryCache().getAll().length;
    const before = queries();
    await user.hover(tab('Użytkownicy'));
    expect(chunkOf('/dashboard/admin/users')).toHaveBeenCalled();
    expect(queries()).toBe(before + 1);
    // The chunk has not arrived, and the tab's first page is already asked for: no filters, newest first.
    await waitFor(() => expect(users).toHaveLength(1));
    expect(users[0]?.body).toEqual({ p_sort: 'created', p_ascending: false, p_limit: 20, p_offset: 0 });

    act(() => tab('Płatności').focus());
    expect(chunkOf('/dashboard/admin/payments')).toHaveBeenCalled();
    await waitFor(() => expect(payments).toHaveLength(1));
    // The pending orders, as the tab opens without parameters.
    expect(payments[0]?.body).toMatchObject({ p_status: 'pending' });
  });

  it('before the second factor loads only the code: the database would refuse the reads', async () => {
    const { user, tab, users, payments, queryClient } = renderTabBar('aal1');
    // The gate asks for the code below the tab bar.
    expect(await screen.findByRole('heading', { name: 'Potwierdź dostęp do panelu admina' })).toBeInTheDocument();
    const queries = () => queryClient.getQueryCache().getAll().length;
    const before = queries();

    await user.hover(tab('Użytkownicy'));
    act(() => tab('Płatności').focus());
    expect(chunkOf('/dashboard/admin/users')).toHaveBeenCalled();
    expect(chunkOf('/dashboard/admin/payments')).toHaveBeenCalled();
    // A read ahead would be in the cache at once (the aal2 case above fills it the same way).
    expect(queries()).toBe(before);
    expect(users).toHaveLength(0);
    expect(payments).toHaveLength(0);
  });
});
