import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/auth-context';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { walletKeys } from './keys';

/** The member's saved withdrawal addresses (at most 10), oldest first (RLS: own rows only). */
export async function getSavedAddresses(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client
    .from('withdrawal_addresses')
    .select('id, label, network, address, is_default, created_at')
    .order('created_at', { ascending: true })
    .order('id', { ascending: true });
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type SavedAddress = Awaited<ReturnType<typeof getSavedAddresses>>[number];

export const savedAddressesQueryOptions = (getClient: () => Promise<AppSupabaseClient>, userId: string) =>
  queryOptions({
    queryKey: walletKeys.savedAddresses(userId),
    queryFn: async ({ signal }) => getSavedAddresses(await getClient(), signal),
  });

export function useSavedAddresses() {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  return useQuery({ ...savedAddressesQueryOptions(getClient, userId), enabled: userId !== '' });
}
