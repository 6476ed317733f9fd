import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { usdtKeys } from './keys';

/** The club's USDT networks (public.usdt_networks): on or off, its receiving address, withdrawal rules. */
export async function getUsdtNetworks(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client
    .from('usdt_networks')
    .select('network, enabled, receiving_address, min_withdrawal, withdrawal_fee, updated_at')
    .order('network');
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type UsdtNetworkSettings = Awaited<ReturnType<typeof getUsdtNetworks>>[number];

export const usdtNetworksQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: usdtKeys.networks(),
    queryFn: async ({ signal }) => getUsdtNetworks(await getClient(), signal),
    staleTime: 60_000,
  });

export function useUsdtNetworks() {
  const { getClient } = useSupabase();
  return useQuery(usdtNetworksQueryOptions(getClient));
}

/** The networks a member can pay on now: switched on, with the club's address. */
export function payableNetworks(rows: readonly UsdtNetworkSettings[] | undefined): UsdtNetworkSettings[] {
  return (rows ?? []).filter((row) => row.enabled && row.receiving_address);
}
