import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/auth-context';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { profileKeys } from './keys';

/** dashboard.md §7 Profile: "fresh 5 minutes". */
export const PROFILE_STALE_TIME_MS = 5 * 60_000;

// One literal (not a concatenation), so supabase-js can type the row from it.
const PROFILE_COLUMNS =
  'id, user_id, full_name, email, phone, email_confirmed, membership_level, created_at, updated_at, user_settings (display_name, avatar_url, two_factor_enabled, theme, notification_preferences, updated_at)';

/**
 * The member's profile with the nested user_settings (dashboard.md §7 Profile: "select profile
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

/** What the header and menus call the member: the display name, else the e-mail (dashboard.md §2). */
export function memberLabel(profile: OwnProfile | undefined, fallbackEmail: string | undefined): string {
  const displayName = profile?.user_settings?.display_name?.trim();
  return displayName || profile?.email || fallbackEmail || '';
}
