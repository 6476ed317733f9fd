import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { memberSession } from '@/testing/factories';
import { restUrl } from '@/testing/msw/handlers';
import { notificationRow } from '@/testing/msw/dashboard-answers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { LatestNotifications } from '../latest-notifications';

describe("the community page's notifications panel", () => {
  it('asks for the latest 10 of the member, newest first, and lists them', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get(restUrl('/notifications'), ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json([notificationRow({ title: 'Najnowsze' }), notificationRow({ title: 'Starsze' })]);
      }),
    );
    const session = memberSession();
    renderWithProviders(<LatestNotifications />, { session, supabase: createTestSupabase() });
    const panel = screen.getByRole('region', { name: 'Powiadomienia' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Najnowsze'),
      expect.stringContaining('Starsze'),
    ]);
    expect(query?.get('limit')).toBe('10');
    expect(query?.get('user_id')).toBe(`eq.${session.user.id}`);
    expect(query?.get('order')).toBe('created_at.desc,id.desc');
    // No 'mark all' here: that is the slide-over's.
    expect(within(panel).queryByRole('button', { name: 'Oznacz wszystkie jako przeczytane' })).not.toBeInTheDocument();
  });
});
