import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import type { Enums } from '@/types/database.types';
import { usdtKeys } from './keys';

export type UsdtNetworkUpdate = {
  network: Enums<'withdrawal_network'>;
  enabled: boolean;
  /** '' removes the address (the network must then be off). */
  receivingAddress: string;
  minWithdrawal: number;
};

/**
 * Admin (aal2): a network's settings (admin_update_usdt_network, audited). The fee stays as stored
 * (0): the club pays the network fees, the member receives the whole amount.
 */
export async function updateUsdtNetwork(client: AppSupabaseClient, input: UsdtNetworkUpdate) {
  return unwrap(
    await client.rpc('admin_update_usdt_network', {
      p_network: input.network,
      p_enabled: input.enabled,
      p_receiving_address: input.receivingAddress,
      p_min_withdrawal: input.minWithdrawal,
    }),
  );
}

export const updateUsdtNetworkMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: usdtKeys.saveNetwork(),
    mutationFn: async (input: UsdtNetworkUpdate) => updateUsdtNetwork(await getClient(), input),
  });

export function useUpdateUsdtNetwork() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...updateUsdtNetworkMutationOptions(getClient),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usdtKeys.networks() }),
  });
}
