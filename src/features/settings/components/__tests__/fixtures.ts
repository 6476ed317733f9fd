import type { User } from '@supabase/supabase-js';
import { http, HttpResponse } from 'msw';
import type { OwnProfile } from '@/data/profile/get-own-profile';
import { buildUser } from '@/testing/factories';
import { restUrl } from '@/testing/msw/handlers';
import { authUrl, userAnswer } from '@/testing/msw/supabase-answers';

/** The member's profile row as the settings page reads it. */
export function profileOf(user: User, values: Partial<OwnProfile> = {}): OwnProfile {
  return {
    id: crypto.randomUUID(),
    user_id: user.id,
    full_name: 'Ewa Testowa',
    email: user.email ?? 'ewa@example.pl',
    phone: '+48501234567',
    email_confirmed: true,
    membership_level: 'FREE',
    membership_valid_until: null,
    effective_membership_level: 'FREE',
    created_at: '2026-11-01T10:00:00+00:00',
    updated_at: '2026-11-01T10:00:00+00:00',
    user_settings: {
      display_name: 'Ewa',
      avatar_url: null,
      two_factor_enabled: false,
      theme: 'dark',
      notification_preferences: {},
      updated_at: '2026-11-01T10:00:00+00:00',
    },
    ...values,
  };
}

/** The answers the settings page needs to render: the profile and GET /user (MFA factors). */
export function serveSettings(account: User = buildUser({ email: 'ewa@example.pl' }), profile = profileOf(account)) {
  return [
    http.get(restUrl('/profiles'), () => HttpResponse.json(profile)),
    http.get(authUrl('/user'), () => userAnswer(account)),
  ];
}
