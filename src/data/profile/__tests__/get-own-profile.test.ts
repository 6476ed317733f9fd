import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/msw/handlers';
import { server } from '@/testing/msw/server';
import { createTestSupabase } from '@/testing/supabase';
import { getOwnProfile, memberLabel, type OwnProfile } from '../get-own-profile';

const row = {
  id: 'p1',
  user_id: 'u1',
  full_name: 'Anna Nowak',
  email: 'anna@klub.local',
  phone: null,
  email_confirmed: true,
  membership_level: 'PREMIUM',
  membership_valid_until: null,
  effective_membership_level: 'PREMIUM',
  created_at: '2026-11-01T10:00:00+00:00',
  updated_at: '2026-11-01T10:00:00+00:00',
  user_settings: {
    display_name: 'Ania',
    avatar_url: null,
    two_factor_enabled: false,
    theme: 'dark',
    notification_preferences: {},
    updated_at: '2026-11-01T10:00:00+00:00',
  },
} satisfies OwnProfile;

describe('the own profile read', () => {
  it('asks for one row of the member with the nested settings', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get(restUrl('/profiles'), ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json(row);
      }),
    );
    const { client } = createTestSupabase();
    await expect(getOwnProfile(client, 'u1')).resolves.toEqual(row);
    expect(query?.get('user_id')).toBe('eq.u1');
    expect(query?.get('select')).toContain('user_settings(display_name');
  });
});

describe('memberLabel', () => {
  it('prefers the display name, then the e-mail', () => {
    expect(memberLabel(row, 'x@y.pl')).toBe('Ania');
    expect(memberLabel({ ...row, user_settings: { ...row.user_settings, display_name: '  ' } }, 'x@y.pl')).toBe(
      'anna@klub.local',
    );
    expect(memberLabel(undefined, 'x@y.pl')).toBe('x@y.pl');
  });
});
