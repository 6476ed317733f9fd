import { queryOptions, useQuery } from '@tanstack/react-query';
import { appsKeys } from '@/data/apps/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';

// One literal, so supabase-js types the rows from it. The card needs the links too (the spec's
// list read leaves them out, its cards show them).
const COLUMNS =
  'id, name, description, category, image_url, image_width, image_height, website_url, app_store_url, google_play_url, downloads, revenue, active_users, rating, growth_rate, created_at';

/** product.md#dashboard-7 "apps select ordered by created_at desc" (every member reads the catalogue). */
export async function getApps(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client
    .from('apps')
    .select(COLUMNS)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false });
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type CatalogueApp = Awaited<ReturnType<typeof getApps>>[number];

export const appsQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: appsKeys.catalogue(),
    queryFn: async ({ signal }) => getApps(await getClient(), signal),
    staleTime: 60_000,
  });

export function useApps() {
  const { getClient } = useSupabase();
  return useQuery(appsQueryOptions(getClient));
}
