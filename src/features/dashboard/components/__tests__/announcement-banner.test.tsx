import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { memberSession } from '@/testing/factories';
import { postgrestError, restUrl } from '@/testing/msw/handlers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { DISMISSED_ANNOUNCEMENTS_KEY, pickAnnouncement } from '../../utils/dismissed-announcements';
import { AnnouncementBanner } from '../announcement-banner';

type Row = { id: string; content: string; created_at: string };
const row = (content: string): Row => ({ id: crypto.randomUUID(), content, created_at: new Date().toISOString() });

function setup(rows: Row[] | (() => Response)) {
  let query: URLSearchParams | undefined;
  server.use(
    http.get(restUrl('/announcements'), ({ request }) => {
      query = new URL(request.url).searchParams;
      return typeof rows === 'function' ? rows() : HttpResponse.json(rows);
    }),
  );
  const view = renderWithProviders(<AnnouncementBanner />, {
    route: '/dashboard',
    session: memberSession(),
    supabase: createTestSupabase(),
  });
  return { ...view, query: () => query };
}

const banner = () => screen.findByRole('region', { name: 'Ogłoszenie' });

describe('the announcement banner', () => {
  it('asks for active announcements only (limit 10), whatever RLS would let an admin read', async () => {
    const { query } = setup([row('Przerwa techniczna w nocy.')]);
    expect(await banner()).toHaveTextContent('Przerwa techniczna w nocy.');
    expect(query()?.get('active')).toBe('eq.true');
    expect(query()?.get('limit')).toBe('10');
  });

  it('renders [text](url) links: internal paths in the app, http(s) in a new tab, anything else as text', async () => {
    setup([
      row(
        'Nowe pakiety — [sprawdź szczegóły](/dashboard/ccc), [regulamin](https://example.org/regulamin), [kliknij](javascript:alert(1)) <b>pogrubione</b>',
      ),
    ]);
    const region = await banner();
    expect(within(region).getByRole('link', { name: 'sprawdź szczegóły' })).toHaveAttribute('href', '/dashboard/ccc');
    const external = within(region).getByRole('link', { name: /regulamin/ });
    expect(external).toHaveAttribute('href', 'https://example.org/regulamin');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(external).toHaveAccessibleName('regulamin (otwiera się w nowej karcie)');
    expect(within(region).queryByRole('link', { name: 'kliknij' })).not.toBeInTheDocument();
    expect(region).toHaveTextContent('kliknij <b>pogrubione</b>');
    expect(within(region).queryByText('pogrubione', { selector: 'b' })).not.toBeInTheDocument();
  });

  it('is dismissed with its button, remembered in this browser, and stays dismissed on the next visit', async () => {
    const only = row('Jedyne ogłoszenie');
    const { user, unmount } = setup([only]);
    await user.click(within(await banner()).getByRole('button', { name: 'Zamknij ogłoszenie' }));
    expect(screen.queryByRole('region', { name: 'Ogłoszenie' })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(DISMISSED_ANNOUNCEMENTS_KEY) ?? '[]')).toEqual([only.id]);
    unmount();

    const next = setup([only]);
    await waitFor(() => expect(next.query()).toBeDefined());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Ogłoszenie' })).not.toBeInTheDocument();
  });

  it('shows another active announcement the member has not dismissed', async () => {
    const old = row('Stare ogłoszenie');
    const fresh = row('Nowe ogłoszenie');
    localStorage.setItem(DISMISSED_ANNOUNCEMENTS_KEY, JSON.stringify([old.id]));
    setup([old, fresh]);
    expect(await banner()).toHaveTextContent('Nowe ogłoszenie');
  });

  it('shows nothing without announcements or when the read fails', async () => {
    const { query, unmount } = setup([]);
    await waitFor(() => expect(query()).toBeDefined());
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    unmount();
    setup(() => postgrestError(500, { code: 'XX000', message: 'boom' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});

describe('pickAnnouncement', () => {
  const list = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
  it('picks by the random number among those not dismissed', () => {
    expect(pickAnnouncement(list, new Set(), 0)).toEqual({ id: 'a' });
    expect(pickAnnouncement(list, new Set(), 0.5)).toEqual({ id: 'b' });
    expect(pickAnnouncement(list, new Set(), 0.99)).toEqual({ id: 'c' });
    expect(pickAnnouncement(list, new Set(['a', 'b']), 0)).toEqual({ id: 'c' });
    expect(pickAnnouncement(list, new Set(['a', 'b', 'c']), 0.3)).toBeNull();
  });
});
