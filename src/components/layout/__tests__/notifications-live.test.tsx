import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { DashboardLayout } from '@/components/layout/dashboard-layout';
import { NOTIFICATIONS_POLL_INTERVAL_MS } from '@/data/notifications/get-notifications';
import { CHANNEL_START_TIMEOUT_MS, useNotifications } from '@/data/notifications/notifications-live';
import { memberSession } from '@/testing/factories';
import { notificationRow, profileRow, shellHandlers, unreadCountAnswer } from '@/testing/msw/dashboard-answers';
import { restUrl } from '@/testing/msw/handlers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { advanceTime, fakeTimers } from '@/testing/timers';

/** A panel that shows the list the way the notifications feature does (lib hooks only). */
function ListPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null;
  return (
    <div role="dialog" aria-label="Powiadomienia">
      <button onClick={onClose}>Zamknij</button>
      <List />
    </div>
  );
}

function List() {
  const { data } = useNotifications(50);
  return (
    <ul>
      {data?.map((item) => (
        <li key={item.id}>{item.title}</li>
      ))}
    </ul>
  );
}

async function until(check: () => boolean, message: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (check()) return;
    await advanceTime(10);
  }
  throw new Error(`Timed out waiting for: ${message}`);
}

function setup() {
  fakeTimers({ clock: true });
  const session = memberSession();
  const supabase = createTestSupabase();
  const calls = { count: 0, list: 0 };
  server.use(...shellHandlers({ profile: profileRow(session.user) }));
  server.use(
    http.head(restUrl('/notifications'), () => {
      calls.count += 1;
      return unreadCountAnswer(calls.count);
    }),
    http.get(restUrl('/notifications'), () => {
      calls.list += 1;
      return HttpResponse.json([notificationRow({ title: `Odczyt ${calls.list}` })]);
    }),
  );
  const view = renderWithProviders(<DashboardLayout notificationsPanel={ListPanel} />, {
    route: '/dashboard',
    session,
    supabase,
  });
  const bell = () => within(screen.getByRole('banner')).getByRole('button', { name: /^Powiadomienia/ });
  return { ...view, session, supabase, calls, bell };
}

describe('live notifications (Realtime, with polling while it is down)', () => {
  it('subscribes once to INSERTs of the member’s own notifications', async () => {
    const { supabase, session } = setup();
    await until(() => supabase.realtime.open().length === 1, 'the channel');
    const [channel] = supabase.realtime.open();
    expect(channel!.bindings).toEqual([
      {
        type: 'postgres_changes',
        filter: { event: 'INSERT', schema: 'public', table: 'notifications', filter: `user_id=eq.${session.user.id}` },
        callback: expect.any(Function),
      },
    ]);
  });

  it('opens the channel only when the browser is idle after the dashboard has opened', async () => {
    const idle: { task: IdleRequestCallback; timeout: number | undefined }[] = [];
    vi.stubGlobal('requestIdleCallback', (task: IdleRequestCallback, options?: IdleRequestOptions) => {
      idle.push({ task, timeout: options?.timeout });
      return idle.length;
    });
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const { supabase, calls, unmount } = setup();
    try {
      await until(() => calls.count === 1, 'the first count');
      expect(supabase.realtime.open()).toEqual([]);
      expect(idle.map(({ timeout }) => timeout)).toContain(CHANNEL_START_TIMEOUT_MS);

      for (const { task } of idle.splice(0)) task({ didTimeout: false, timeRemaining: () => 50 });
      await until(() => supabase.realtime.open().length === 1, 'the channel');
    } finally {
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it('without a Realtime connection, asks for the unread count every 30 s', async () => {
    const { calls, bell } = setup();
    await until(() => calls.count === 1, 'the first count');
    await until(() => bell().getAttribute('aria-label') === 'Powiadomienia, nieprzeczytane: 1', 'the bell');
    await advanceTime(NOTIFICATIONS_POLL_INTERVAL_MS - 100);
    expect(calls.count).toBe(1);
    await advanceTime(100);
    await until(() => calls.count === 2, 'the second count');
    await advanceTime(NOTIFICATIONS_POLL_INTERVAL_MS);
    await until(() => calls.count === 3, 'the third count');
    await until(() => bell().getAttribute('aria-label') === 'Powiadomienia, nieprzeczytane: 3', 'the bell');
  });

  it('while subscribed it stops polling (after one catch-up read), and polls again when the channel drops', async () => {
    const { calls, supabase } = setup();
    await until(() => calls.count === 1 && supabase.realtime.open().length === 1, 'count and channel');
    supabase.realtime.setStatus('SUBSCRIBED');
    // Whatever arrived before the channel was up is read once.
    await until(() => calls.count === 2, 'the catch-up count');
    await advanceTime(3 * NOTIFICATIONS_POLL_INTERVAL_MS);
    expect(calls.count).toBe(2);

    supabase.realtime.setStatus('CHANNEL_ERROR');
    await advanceTime(0); // React renders the new status
    await advanceTime(NOTIFICATIONS_POLL_INTERVAL_MS);
    await until(() => calls.count === 3, 'polling again');
  });

  it('without Realtime the open list is read again on every opening and every 30 s', async () => {
    const { calls, user, bell } = setup();
    await until(() => calls.count === 1, 'the first count');
    await user.click(bell());
    await until(() => calls.list === 1, 'the first list read');
    await until(() => screen.queryByText('Odczyt 1') !== null, 'the list');
    await advanceTime(NOTIFICATIONS_POLL_INTERVAL_MS);
    await until(() => calls.list === 2, 'the list polled');
    await until(() => screen.queryByText('Odczyt 2') !== null, 'the polled list');

    await user.click(screen.getByRole('button', { name: 'Zamknij' }));
    await user.click(bell());
    await until(() => calls.list === 3, 'the list read on opening');
  });

  it('with Realtime the list is read once and kept by the INSERTs', async () => {
    const { calls, user, bell, supabase, session } = setup();
    await until(() => supabase.realtime.open().length === 1, 'the channel');
    supabase.realtime.setStatus('SUBSCRIBED');
    await user.click(bell());
    await until(() => screen.queryByText('Odczyt 1') !== null, 'the list');
    await advanceTime(2 * NOTIFICATIONS_POLL_INTERVAL_MS);
    await user.click(screen.getByRole('button', { name: 'Zamknij' }));
    await user.click(bell());
    await advanceTime(100);
    expect(calls.list).toBe(1);

    supabase.realtime.insert('notifications', { ...notificationRow({ title: 'Na żywo' }), user_id: session.user.id });
    await until(() => screen.queryByText('Na żywo') !== null, 'the live item');
    const panel = screen.getByRole('dialog', { name: 'Powiadomienia' });
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Na żywo', 'Odczyt 1']);
    expect(calls.list).toBe(1);
  });

  it('a payment confirmation arriving live refreshes the header’s level badge at once', async () => {
    const { supabase, session } = setup();
    let profileReads = 0;
    server.use(
      http.get(restUrl('/profiles'), () => {
        profileReads += 1;
        return HttpResponse.json(
          profileReads === 1
            ? profileRow(session.user)
            : profileRow(session.user, { level: 'PREMIUM', validUntil: '2027-11-27' }),
        );
      }),
    );
    const header = () => within(screen.getByRole('banner'));
    await until(() => header().queryByRole('link', { name: /FREE/ }) !== null, 'the FREE badge');
    await until(() => supabase.realtime.open().length === 1, 'the channel');
    supabase.realtime.setStatus('SUBSCRIBED');
    await advanceTime(0);
    const readsBefore = profileReads;

    // A row unrelated to payments leaves the profile alone.
    supabase.realtime.insert('notifications', { ...notificationRow({ title: 'Wiadomość' }), user_id: session.user.id });
    await advanceTime(100);
    expect(profileReads).toBe(readsBefore);

    supabase.realtime.insert('notifications', {
      ...notificationRow({
        title: 'Płatność potwierdzona',
        data: { orderId: crypto.randomUUID(), reference: 'KL-2026-0001', status: 'paid' },
      }),
      user_id: session.user.id,
    });
    await until(() => profileReads === readsBefore + 1, 'the profile read again');
    await until(() => header().queryByRole('link', { name: /PREMIUM/ }) !== null, 'the PREMIUM badge');
  });

  it('removes the channel when the shell goes away', async () => {
    const { supabase, unmount } = setup();
    await until(() => supabase.realtime.open().length === 1, 'the channel');
    const [channel] = supabase.realtime.open();
    unmount();
    expect(supabase.realtime.removeChannel).toHaveBeenCalledWith(channel);
    expect(supabase.realtime.open()).toEqual([]);
  });

  it('removes the channel when the shell goes away while the channel is being set up', async () => {
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (task: IdleRequestCallback) => idle.push(task));
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const { supabase, calls, unmount } = setup();
    let mounted = true;
    try {
      await until(() => calls.count === 1 && idle.length > 0, 'the first count');
      for (const task of idle.splice(0)) task({ didTimeout: false, timeRemaining: () => 50 });
      // The client answers in a microtask and the channel is made; its join waits for the next task.
      for (let tick = 0; tick < 5; tick += 1) await Promise.resolve();
      expect(supabase.realtime.channel).toHaveBeenCalledOnce();
      const channel = supabase.realtime.channel.mock.results[0]!.value as { subscribed: boolean };
      expect(channel.subscribed).toBe(false);
      unmount();
      mounted = false;
      await vi.waitFor(() => expect(supabase.realtime.removeChannel).toHaveBeenCalledWith(channel));
      expect(supabase.realtime.open()).toEqual([]);
    } finally {
      if (mounted) unmount();
      vi.unstubAllGlobals();
    }
  });

  it('removes the channel when the member signs out', async () => {
    const { supabase } = setup();
    await until(() => supabase.realtime.open().length === 1, 'the channel');
    const [channel] = supabase.realtime.open();
    await supabase.client.auth.signOut({ scope: 'local' });
    await until(() => supabase.realtime.removeChannel.mock.calls.length === 1, 'the removal');
    expect(supabase.realtime.removeChannel).toHaveBeenCalledWith(channel);
  });
});
