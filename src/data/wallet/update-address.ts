import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/auth-context';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { walletKeys } from './keys';

export type AddressChange = { id: string; label?: string; isDefault?: boolean };

/** Renames a saved address or makes it the default (the database clears the previous default). */
export async function updateAddress(client: AppSupabaseClient, change: AddressChange) {
  return unwrap(
    await client
      .from('withdrawal_addresses')
      .update({
        ...(change.label === undefined ? {} : { label: change.label }),
        ...(change.isDefault === undefined ? {} : { is_default: change.isDefault }),
      })
      .eq('id', change.id)
      .select('id')
      .single(),
  );
}

export const updateAddressMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: walletKeys.updateAddress(),
    mutationFn: async (change: AddressChange) => updateAddress(await getClient(), change),
  });

export function useUpdateAddress() {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? '';
  return useMutation({
    ...updateAddressMutationOptions(getClient),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.savedAddresses(userId) }),
  });
}
