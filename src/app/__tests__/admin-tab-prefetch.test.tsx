import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { buildSession, buildUser, withVerifiedTotp } from '@/testing/factories';
import { shellHandlers } from '@/testing/msw/dashboard-answers';
import { authUrl, recordPost, rpcUrl, userAnswer } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { createTestSupabase } from '@/testing/supabase';
import { listedUser } from '@/features/admin/users/components/__tests__/fixtures';
import { pendingWithdrawal } from '@/features/admin/withdrawals/components/__tests__/fixtures';
import { renderRoute } from '../testing/render-route';

/** An admin past the second factor: the database answers admin reads only in an aal2 session. */
const admin = () => buildSession(withVerifiedTotp(buildUser({ admin: true })), { aal: 'aal2' });

const member = listedUser({ full_name: 'Ewa Wcześniejsza' });
const withdrawal = { ...pendingWithdrawal, member_full_name: 'Olek Czekający' };

/** The admin area open on its landing tab (SMTP), with the reads of the two tabs recorded. */
async function openAdminArea() {
  let releaseLater: () => void = () => {};
  const later = new Promise<void>((resolve) => {
    releaseLater = resolve;
  });
  const users = recordPost(rpcUrl('admin_list_users'), () => HttpResponse.json([member]));
  // The first read answers at once; a read after it waits until the test lets it go.
  const withdrawals = recordPost(rpcUrl('admin_list_withdrawals'), async (_call, index) => {
    if (index > 0) await later;
    return HttpResponse.json([withdrawal]);
  });
  const session = admin();
  server.use(
    ...shellHandlers(),
    // The admin gate asks Auth for the factors.
    http.get(authUrl('/user'), () => userAnswer(session.user)),
    recordPost(rpcUrl('admin_list_smtp_configs'), () => HttpResponse.json([])).handler,
    users.handler,
    withdrawals.handler,
  );
  const view = renderRoute('/dashboard/admin/smtp', { session, supabase: createTestSupabase() });
  await screen.findByRole('heading', { level: 1, name: 'SMTP' });
  const tabs = screen.getByRole('navigation', { name: 'Sekcje panelu admina' });
  return { ...view, tabs, users: users.calls, withdrawals: withdrawals.calls, releaseLater };
}

describe("the admin tab bar's prefetch", () => {
  it("reads a tab's first page when its tab is pointed at, and the tab opens on it", async () => {
    const { user, tabs, users } = await openAdminArea();
    expect(users).toHaveLength(0);

    await user.hover(within(tabs).getByRole('link', { name: 'Użytkownicy' }));
    await waitFor(() => expect(users).toHaveLength(1));
    // The tab's own first page: no filters, newest first, 20 rows.
    expect(users[0]?.body).toEqual({ p_sort: 'created', p_ascending: false, p_limit: 20, p_offset: 0 });

    await user.click(within(tabs).getByRole('link', { name: 'Użytkownicy' }));
    expect(await screen.findByRole('row', { name: /Ewa Wcześniejsza/ })).toBeInTheDocument();
    // Fresh for the list's 30 s: opening the tab did not read it again.
    expect(users).toHaveLength(1);
  });

  it("reads a tab's first page when its tab gets the focus, and shows it while the tab reads again", async () => {
    const { user, tabs, withdrawals, releaseLater } = await openAdminArea();
    const tab = within(tabs).getByRole('link', { name: 'Wypłaty' });

    act(() => tab.focus());
    await waitFor(() => expect(withdrawals).toHaveLength(1));
    expect(withdrawals[0]?.body).toEqual({ p_status: 'pending', p_limit: 20, p_offset: 0 });

    await user.keyboard('{Enter}');
    // The pending queue is on screen from the prefetched read while the tab's own read is under way.
    expect(await screen.findByRole('row', { name: /Olek Czekający/ })).toBeInTheDocument();
    await waitFor(() => expect(withdrawals).toHaveLength(2));
    releaseLater();
  });
});
