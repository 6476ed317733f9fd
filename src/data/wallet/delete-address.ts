import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/auth-context';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { walletKeys } from './keys';

/** Removes a saved address (RLS: own rows only). */
export async function deleteAddress(client: AppSupabaseClient, id: string) {
  return unwrap(await client.from('withdrawal_addresses').delete().eq('id', id).select('id').single());
}

export const deleteAddressMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: walletKeys.deleteAddress(),
    mutationFn: async (id: string) => deleteAddress(await getClient(), id),
  });

export function useDeleteAddress() {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? '';
  return useMutation({
    ...deleteAddressMutationOptions(getClient),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.savedAddresses(userId) }),
  });
}
