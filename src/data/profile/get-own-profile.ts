import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/auth-context';
import { unwrap } from '@/lib/errors';
import { warsawDay } from '@/lib/format';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { profileKeys } from './keys';

/** product.md#dashboard-7 Profile: "fresh 5 minutes". */
export const PROFILE_STALE_TIME_MS = 5 * 60_000;

// One literal (not a concatenation), so supabase-js can type the row from it.
const PROFILE_COLUMNS =
  'id, user_id, full_name, email, phone, email_confirmed, membership_level, membership_valid_until, effective_membership_level, created_at, updated_at, user_settings (display_name, avatar_url, two_factor_enabled, theme, notification_preferences, updated_at)';

/**
 * The member's profile with the nested user_settings (product.md#dashboard-7 Profile: "select profile
 * fields with nested user_settings by user_id, single row"). RLS lets a member read only their own.
 */
export async function getOwnProfile(client: AppSupabaseClient, userId: string, signal?: AbortSignal) {
  let request = client.from('profiles').select(PROFILE_COLUMNS).eq('user_id', userId);
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request.single());
}

export type OwnProfile = Awaited<ReturnType<typeof getOwnProfile>>;

export const ownProfileQueryOptions = (getClient: () => Promise<AppSupabaseClient>, userId: string) =>
  queryOptions({
    queryKey: profileKeys.own(userId),
    queryFn: async ({ signal }) => getOwnProfile(await getClient(), userId, signal),
    staleTime: PROFILE_STALE_TIME_MS,
  });

/** The signed-in member's profile; disabled while nobody is signed in. */
export function useOwnProfile() {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  return useQuery({ ...ownProfileQueryOptions(getClient, userId), enabled: userId !== '' });
}

/** Days before the end date from which the dashboard shows the renewal notice. */
export const RENEWAL_NOTICE_DAYS = 30;

/**
 * The member's term as the database counts it today (Warsaw days): the effective level and the end
 * date while it holds; `lapsed` when the level is FREE and the profile names the day a paid level
 * ran out (the cache says FREE from then on; a level not rolled over yet still names its old level);
 * `renewSoon` from 30 days before the end.
 */
export function membershipTerm(profile: OwnProfile | undefined, now = new Date()) {
  const stored = profile?.membership_level;
  const level = profile?.effective_membership_level ?? stored;
  const cachedUntil = profile?.membership_valid_until ?? null;
  const today = warsawDay(now);
  const paid = level !== undefined && level !== 'FREE';
  // A queued period that began since the cache was written (rolled within the hour): its end date is
  // not the cached one.
  const validUntil = paid && level === stored ? cachedUntil : null;
  const lapsed = level === 'FREE' && cachedUntil !== null && cachedUntil < today;
  const daysLeft = validUntil ? Math.round((Date.parse(validUntil) - Date.parse(today)) / 86_400_000) : null;
  return {
    level,
    validUntil,
    lapsed,
    lapsedOn: lapsed ? cachedUntil : null,
    storedLevel: stored,
    renewSoon: daysLeft !== null && daysLeft <= RENEWAL_NOTICE_DAYS,
  };
}

/** What the header and menus call the member: the display name, else the e-mail (product.md#dashboard-2). */
export function memberLabel(profile: OwnProfile | undefined, fallbackEmail: string | undefined): string {
  const displayName = profile?.user_settings?.display_name?.trim();
  return displayName || profile?.email || fallbackEmail || '';
}
