import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { DashboardLayout } from '@/components/layout/dashboard-layout';
import { memberSession } from '@/testing/factories';
import { postgrestError, restUrl } from '@/testing/msw/handlers';
import {
  notificationRow,
  profileRow,
  shellHandlers,
  unreadCountAnswer,
  type NotificationRow,
} from '@/testing/msw/dashboard-answers';
import { server } from '@/testing/msw/server';
import { getFocusedWithin } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { NotificationsPanel } from '../notifications-panel';

type Setup = {
  notifications?: NotificationRow[];
  unread?: number;
  /** Answers of this test, in front of the shell's defaults. */
  handlers?: Parameters<typeof server.use>;
};

function setup({ notifications = [], unread, handlers = [] }: Setup = {}) {
  const session = memberSession();
  const supabase = createTestSupabase();
  server.use(
    ...shellHandlers({
      profile: profileRow(session.user),
      notifications,
      unread: unread ?? notifications.filter((n) => n.read_at === null).length,
    }),
  );
  server.use(...handlers);
  const view = renderWithProviders(<DashboardLayout notificationsPanel={NotificationsPanel} />, {
    route: '/dashboard',
    session,
    supabase,
  });
  const bell = () => within(screen.getByRole('banner')).getByRole('button', { name: /^Powiadomienia/ });
  const open = async () => {
    await view.user.click(await waitFor(bell));
    return screen.getByRole('dialog', { name: 'Powiadomienia' });
  };
  return { ...view, session, supabase, bell, open };
}

describe('the notifications panel', () => {
  it("says 'Brak powiadomień' when there are none", async () => {
    const { open } = setup();
    const panel = await open();
    expect(await within(panel).findByText('Brak powiadomień')).toBeInTheDocument();
  });

  it('lists the latest first: unread ones as buttons, read ones dimmed, profit amounts and dates', async () => {
    const notifications = [
      notificationRow({
        type: 'profit',
        title: 'Nowy zysk z pakietu',
        content: 'Zysk za październik.',
        data: { amount: 320, percentage: 8, tier: 'GOLD', packageTier: 'GOLD' },
        created_at: '2026-11-20T09:30:00Z',
      }),
      notificationRow({
        type: 'profit',
        title: 'Nowe środki w portfelu',
        data: { amount: 75.5, currency: 'USDT' },
        created_at: '2026-11-19T09:30:00Z',
      }),
      notificationRow({
        type: 'system',
        title: 'Przydzielono pakiet CCC',
        data: { amount: 4000, percentage: 8, tier: 'GOLD' },
        created_at: '2026-11-01T09:30:00Z',
        read_at: '2026-11-02T09:30:00Z',
      }),
    ];
    const { open } = setup({ notifications });
    const panel = await open();
    const items = await within(panel).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Nowy zysk z pakietu'),
      expect.stringContaining('Nowe środki w portfelu'),
      expect.stringContaining('Przydzielono pakiet CCC'),
    ]);
    const [profit, usdt, read] = items as [HTMLElement, HTMLElement, HTMLElement];
    // Unread: a button that says it is unread.
    expect(within(profit).getByRole('button', { name: /Nowy zysk z pakietu.*\(Nieprzeczytane\)/ })).toBeInTheDocument();
    expect(profit).toHaveTextContent('320 zł');
    expect(profit).toHaveTextContent('8% z pakietu GOLD');
    expect(profit).toHaveTextContent(/20\.11\.2026, \d\d:30/);
    expect(within(profit).getByText(/20\.11\.2026/).tagName).toBe('TIME');
    // The currency the data names.
    expect(usdt).toHaveTextContent('75,50 USDT');
    // Read: no button, no unread mark; amounts only on profit items.
    expect(within(read).queryByRole('button')).not.toBeInTheDocument();
    expect(read).not.toHaveTextContent('Nieprzeczytane');
    expect(read).not.toHaveTextContent('4000');
    expect(read).toHaveTextContent('01.11.2026');
  });

  it('marks an item read at once on click (PATCH read_at of that id), and lowers the count', async () => {
    const item = notificationRow({ title: 'Witamy w Klubie' });
    let patched: URL | undefined;
    let patchBody: unknown;
    const { open, user, bell } = setup({
      notifications: [item],
      unread: 1,
      handlers: [
        http.patch(restUrl('/notifications'), async ({ request }) => {
          patched = new URL(request.url);
          patchBody = await request.json();
          await delay(200);
          return new HttpResponse(null, { status: 204 });
        }),
      ],
    });
    await waitFor(() => expect(bell()).toHaveAccessibleName('Powiadomienia, nieprzeczytane: 1'));
    const panel = await open();
    await user.click(await within(panel).findByRole('button', { name: /Witamy w Klubie/ }));
    // Optimistic: dimmed before the server has answered.
    expect(within(panel).queryByRole('button', { name: /Witamy w Klubie/ })).not.toBeInTheDocument();
    expect(bell()).toHaveAccessibleName('Powiadomienia');
    await waitFor(() => expect(patched).toBeDefined());
    expect(patched?.searchParams.get('id')).toBe(`eq.${item.id}`);
    expect(patched?.searchParams.get('read_at')).toBe('is.null');
    expect(patchBody).toEqual({ read_at: expect.any(String) });
  });

  it('puts the item back as unread and says so when the server refuses', async () => {
    const item = notificationRow({ title: 'Witamy w Klubie' });
    const { open, user } = setup({
      notifications: [item],
      unread: 1,
      handlers: [
        http.patch(restUrl('/notifications'), () =>
          postgrestError(403, { code: '42501', message: 'permission denied for table notifications' }),
        ),
      ],
    });
    const panel = await open();
    await user.click(await within(panel).findByRole('button', { name: /Witamy w Klubie/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nie udało się oznaczyć powiadomienia jako przeczytanego: Brak dostępu',
    );
    expect(await within(panel).findByRole('button', { name: /Witamy w Klubie/ })).toBeInTheDocument();
  });

  it('marks everything read with one call', async () => {
    let calls = 0;
    let rows = [notificationRow({ title: 'Pierwsze' }), notificationRow({ title: 'Drugie' })];
    let answered: () => void = () => undefined;
    const answer = new Promise<void>((resolve) => (answered = resolve));
    const { open, user, bell } = setup({
      notifications: rows,
      handlers: [
        http.get(restUrl('/notifications'), () => HttpResponse.json(rows)),
        http.post(restUrl('/rpc/mark_all_notifications_read'), async () => {
          calls += 1;
          await answer;
          rows = rows.map((row) => ({ ...row, read_at: new Date().toISOString() }));
          return HttpResponse.json(2);
        }),
      ],
    });
    const panel = await open();
    await user.click(await within(panel).findByRole('button', { name: 'Oznacz wszystkie jako przeczytane' }));
    // At once, before the server has answered.
    await waitFor(() => expect(within(panel).queryAllByText('(Nieprzeczytane)')).toEqual([]));
    expect(bell()).toHaveAccessibleName('Powiadomienia');
    answered();
    await waitFor(() => expect(calls).toBe(1));
    expect(within(panel).queryByRole('button', { name: 'Oznacz wszystkie jako przeczytane' })).not.toBeInTheDocument();
  });

  it("shows 'Problem z połączeniem sieciowym' when the network fails, and retries", async () => {
    const { open, user } = setup({ handlers: [http.get(restUrl('/notifications'), () => HttpResponse.error())] });
    const panel = await open();
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent(/^Problem z połączeniem sieciowym/);
    server.use(http.get(restUrl('/notifications'), () => HttpResponse.json([notificationRow({ title: 'Już jest' })])));
    await user.click(within(alert).getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await within(panel).findByText('Już jest')).toBeInTheDocument();
  });

  it('shows the mapped message for other failures', async () => {
    const { open } = setup({
      handlers: [http.get(restUrl('/notifications'), () => postgrestError(500, { code: 'XX000', message: 'boom' }))],
    });
    const panel = await open();
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Nie udało się załadować powiadomień: Błąd serwera, spróbuj ponownie później',
    );
  });

  it('is a modal slide-over: focus inside, Tab stays in, Escape closes, focus back on the bell', async () => {
    const { open, user, bell } = setup({ notifications: [notificationRow({ title: 'Jedno' })] });
    const panel = await open();
    expect(panel).toHaveAttribute('aria-modal', 'true');
    expect(within(panel).getByRole('button', { name: 'Zamknij' })).toHaveFocus();
    await within(panel).findByRole('button', { name: /Jedno/ });
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(getFocusedWithin(panel)).toHaveFocus();
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell()).toHaveFocus();
  });

  it('prepends a notification that arrives live while it is open, and counts it', async () => {
    let unread = 0;
    const { open, supabase, session, bell } = setup({
      notifications: [notificationRow({ title: 'Starsze', read_at: '2026-11-01T12:00:00Z' })],
      handlers: [http.head(restUrl('/notifications'), () => unreadCountAnswer(unread))],
    });
    await waitFor(() => expect(supabase.realtime.open()).toHaveLength(1));
    supabase.realtime.setStatus('SUBSCRIBED');
    const panel = await open();
    await within(panel).findByText('Starsze');

    unread = 1;
    supabase.realtime.insert('notifications', {
      ...notificationRow({ title: 'Nowy zysk', type: 'profit', data: { amount: 99 } }),
      user_id: session.user.id,
    });
    // Another member's row never reaches this channel (the filter is the member's id).
    supabase.realtime.insert('notifications', { ...notificationRow({ title: 'Cudze' }), user_id: crypto.randomUUID() });

    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(2));
    const items = within(panel).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Nowy zysk');
    expect(items[0]).toHaveTextContent('99 zł');
    expect(items[1]).toHaveTextContent('Starsze');
    expect(panel).not.toHaveTextContent('Cudze');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Powiadomienia, nieprzeczytane: 1'));
  });
});
