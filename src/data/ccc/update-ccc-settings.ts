import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { cccKeys } from '@/data/ccc/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';

export type CccSettingsUpdate = {
  /** 0x + 40 hex, or '' to hide the contract link. */
  contractAddress: string;
  totalSupply: number;
};

/** RPC admin_update_ccc_settings: the token's contract address and total supply (audited). */
export async function updateCccSettings(client: AppSupabaseClient, input: CccSettingsUpdate) {
  return unwrap(
    await client.rpc('admin_update_ccc_settings', {
      p_contract_address: input.contractAddress,
      p_total_supply: input.totalSupply,
    }),
  );
}

export const updateCccSettingsMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: cccKeys.updateSettings(),
    mutationFn: async (input: CccSettingsUpdate) => updateCccSettings(await getClient(), input),
  });

export function useUpdateCccSettings() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...updateCccSettingsMutationOptions(getClient),
    // The members' token card and CCC page read under the same root.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cccKeys.all }),
  });
}
