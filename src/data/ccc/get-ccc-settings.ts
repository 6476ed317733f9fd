import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { cccKeys } from './keys';

/** The one ccc_settings row: contract address, its explorer page and the total supply. */
export async function getCccSettings(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client.from('ccc_settings').select('contract_address, total_supply, explorer_token_url, updated_at');
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request.single());
}

export type CccSettings = Awaited<ReturnType<typeof getCccSettings>>;

export const cccSettingsQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: cccKeys.settings(),
    queryFn: async ({ signal }) => getCccSettings(await getClient(), signal),
    // Read again whenever the CCC page opens: an admin's new contract address or supply shows at
    // once in every member's browser, not after a cache period (one small row).
    staleTime: 0,
  });

export function useCccSettings() {
  const { getClient } = useSupabase();
  return useQuery(cccSettingsQueryOptions(getClient));
}
