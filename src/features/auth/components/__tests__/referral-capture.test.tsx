import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Link } from 'react-router-dom';
import { recordPost, rpcAnswer, rpcUrl } from '@/testing/msw/supabase-answers';
import { server } from '@/testing/msw/server';
import { renderWithProviders } from '@/testing/render';
import { createTestSupabase } from '@/testing/supabase';
import { REFERRAL_STORAGE_KEY, REFERRAL_VISIT_TRACKED_KEY } from '../../utils/referral-storage';
import { ReferralCapture } from '../referral-capture';

function Page() {
  return (
    <>
      <ReferralCapture />
      <Link to="/activate?ref=other99">inna strona</Link>
    </>
  );
}

describe('?ref on any route', () => {
  it('keeps the code uppercased in session storage and counts the visit once per session', async () => {
    const track = recordPost(rpcUrl('track_referral_visit'), () => rpcAnswer(true));
    server.use(track.handler);
    const { user } = renderWithProviders(<Page />, { supabase: createTestSupabase(), route: '/?ref=ab12cd' });

    await waitFor(() => expect(track.calls).toHaveLength(1));
    expect(track.calls[0]?.body).toEqual({ p_code: 'AB12CD' });
    expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBe('AB12CD');

    await user.click(screen.getByRole('link', { name: 'inna strona' }));
    await waitFor(() => expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBe('OTHER99'));
    expect(track.calls).toHaveLength(1);
  });

  it('does not count again in a later page load of the same session', async () => {
    sessionStorage.setItem(REFERRAL_VISIT_TRACKED_KEY, '1');
    const track = recordPost(rpcUrl('track_referral_visit'), () => rpcAnswer(true));
    server.use(track.handler);
    renderWithProviders(<Page />, { supabase: createTestSupabase(), route: '/dashboard?ref=xyz' });
    await waitFor(() => expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBe('XYZ'));
    expect(track.calls).toHaveLength(0);
  });

  it('lets a later page try again when counting failed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(http.post(rpcUrl('track_referral_visit'), () => HttpResponse.json({ message: 'x' }, { status: 500 })));
    renderWithProviders(<Page />, { supabase: createTestSupabase(), route: '/?ref=abc' });
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Counting the referral visit failed', expect.anything()));
    expect(sessionStorage.getItem(REFERRAL_VISIT_TRACKED_KEY)).toBeNull();
    expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBe('ABC');
  });

  it('keeps the visit counted when the page is left while the count is on its way (a reload of the link)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const track = recordPost(rpcUrl('track_referral_visit'), async () => {
      await held;
      return HttpResponse.error();
    });
    server.use(track.handler);
    const { queryClient } = renderWithProviders(<Page />, { supabase: createTestSupabase(), route: '/?ref=abc' });
    await waitFor(() => expect(track.calls).toHaveLength(1));
    expect(queryClient.isMutating()).toBe(1);

    // The member reloads: the browser hides the page and cancels the request it had sent.
    window.dispatchEvent(new Event('pagehide'));
    answer();
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    await Promise.resolve();
    expect(warn).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(REFERRAL_VISIT_TRACKED_KEY)).toBe('1');
    window.dispatchEvent(new Event('pageshow'));
  });

  it('does nothing without ?ref (and loads no client)', async () => {
    const supabase = createTestSupabase();
    const load = vi.spyOn(supabase.source, 'load');
    renderWithProviders(<Page />, { supabase, route: '/' });
    await screen.findByRole('link', { name: 'inna strona' });
    expect(load).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
  });
});
