import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/msw/handlers';
import { server } from '@/testing/msw/server';
import { createTestSupabase } from '@/testing/supabase';
import { getOwnProfile, memberLabel, membershipTerm, type OwnProfile } from '../get-own-profile';

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

describe('membershipTerm: Warsaw days', () => {
  const profile = (level: string, until: string | null, effective = level) =>
    ({
      ...row,
      membership_level: level,
      membership_valid_until: until,
      effective_membership_level: effective,
    }) as OwnProfile;
  // 31.12.2026 at 23:30 in Warsaw (22:30 UTC): still the 31st there, whatever the browser's zone.
  const lastEvening = new Date('2026-12-31T22:30:00Z');

  it('an end date today still holds (the renewal notice is due); the day after, FREE and lapsed', () => {
    expect(membershipTerm(profile('VIP', '2026-12-31'), lastEvening)).toMatchObject({
      level: 'VIP',
      validUntil: '2026-12-31',
      lapsed: false,
      renewSoon: true,
    });
    const afterMidnight = new Date('2026-12-31T23:00:00Z');
    expect(membershipTerm(profile('VIP', '2026-12-31', 'FREE'), afterMidnight)).toMatchObject({
      level: 'FREE',
      validUntil: null,
      lapsed: true,
      lapsedOn: '2026-12-31',
    });
    // Rolled over: FREE in the cache with the day it ran out.
    expect(membershipTerm(profile('FREE', '2026-12-31'), afterMidnight)).toMatchObject({ lapsed: true });
  });

  it('renews from 30 Warsaw days before the end, across 29 Feb', () => {
    const day = new Date('2028-02-01T12:00:00Z');
    expect(membershipTerm(profile('START', '2028-03-02'), day).renewSoon).toBe(true);
    expect(membershipTerm(profile('START', '2028-03-03'), day).renewSoon).toBe(false);
  });

  it('a FREE member waiting for a period that starts later has no lapsed notice; a queued level that began shows no stale date', () => {
    expect(membershipTerm(profile('FREE', '2027-01-05'), lastEvening)).toMatchObject({
      lapsed: false,
      validUntil: null,
    });
    expect(membershipTerm(profile('VIP', '2026-12-30', 'START'), lastEvening)).toMatchObject({
      level: 'START',
      validUntil: null,
      lapsed: false,
    });
  });
});
