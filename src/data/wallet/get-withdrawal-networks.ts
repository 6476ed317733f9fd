import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { walletKeys } from './keys';

/**
 * The networks the club pays withdrawals on (public.usdt_networks, readable by every member): the
 * enabled ones with their minimum amount, in the enum's order (TRC20, ERC20, BSC). The club pays the
 * network fees (docs/decisions.md): the member receives the amount requested.
 */
export async function getWithdrawalNetworks(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client
    .from('usdt_networks')
    .select('network, min_withdrawal')
    .eq('enabled', true)
    .order('network', { ascending: true });
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type WithdrawalNetwork = Awaited<ReturnType<typeof getWithdrawalNetworks>>[number];

export const withdrawalNetworksQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: walletKeys.withdrawalNetworks(),
    queryFn: async ({ signal }) => getWithdrawalNetworks(await getClient(), signal),
    staleTime: 5 * 60_000,
  });

export function useWithdrawalNetworks() {
  const { getClient } = useSupabase();
  return useQuery(withdrawalNetworksQueryOptions(getClient));
}
