import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/auth-context';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { walletKeys } from './keys';
import type { UsdtNetwork } from './networks';

export type NewSavedAddress = { label: string; network: UsdtNetwork; address: string; isDefault?: boolean };

/** Saves an address ('Zapisz ten adres'); the database checks it like the form and stops at 10. */
export async function saveAddress(client: AppSupabaseClient, input: NewSavedAddress) {
  return unwrap(
    await client
      .from('withdrawal_addresses')
      .insert({
        label: input.label,
        network: input.network,
        address: input.address,
        is_default: input.isDefault ?? false,
      })
      .select('id')
      .single(),
  );
}

export const saveAddressMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: walletKeys.saveAddress(),
    mutationFn: async (input: NewSavedAddress) => saveAddress(await getClient(), input),
  });

export function useSaveAddress() {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? '';
  return useMutation({
    ...saveAddressMutationOptions(getClient),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.savedAddresses(userId) }),
  });
}
