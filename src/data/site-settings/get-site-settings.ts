import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { siteSettingsKeys } from './keys';

/** product.md#dashboard-7: site settings are "fresh 5 minutes, kept 30 minutes". */
export const SITE_SETTINGS_STALE_TIME_MS = 5 * 60_000;
export const SITE_SETTINGS_GC_TIME_MS = 30 * 60_000;

// One literal (not a concatenation), so supabase-js can type the row from it.
const COLUMNS =
  'site_title, site_description, site_image, favicon, og_title, og_description, og_image, twitter_card, twitter_title, twitter_description, twitter_image, privacy_url, privacy_contact_email, updated_at';

/** The single site_settings row (readable by everyone, written by admins). */
export async function getSiteSettings(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client.from('site_settings').select(COLUMNS).limit(1);
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request.single());
}

export type SiteSettings = Awaited<ReturnType<typeof getSiteSettings>>;

export const siteSettingsQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: siteSettingsKeys.current(),
    queryFn: async ({ signal }) => getSiteSettings(await getClient(), signal),
    staleTime: SITE_SETTINGS_STALE_TIME_MS,
    gcTime: SITE_SETTINGS_GC_TIME_MS,
  });

export function useSiteSettings() {
  const { getClient } = useSupabase();
  return useQuery(siteSettingsQueryOptions(getClient));
}
