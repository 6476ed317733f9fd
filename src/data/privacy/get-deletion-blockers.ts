import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/auth-context';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { privacyKeys } from './keys';

/**
 * 'Usuń konto': what stops the caller's deletion (RPC get_account_deletion_blockers): money in the
 * wallet (balance), a withdrawal in progress (withdrawal), an order not settled (order, with its
 * references). Empty: the account can be deleted.
 */
export async function getDeletionBlockers(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client.rpc('get_account_deletion_blockers');
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type DeletionBlocker = Awaited<ReturnType<typeof getDeletionBlockers>>[number];

export const deletionBlockersQueryOptions = (getClient: () => Promise<AppSupabaseClient>, userId: string) =>
  queryOptions({
    queryKey: privacyKeys.blockers(userId),
    queryFn: async ({ signal }) => getDeletionBlockers(await getClient(), signal),
    // Asked when the dialog opens: what the member just did elsewhere counts.
    staleTime: 0,
  });

export function useDeletionBlockers(enabled: boolean) {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  return useQuery({ ...deletionBlockersQueryOptions(getClient, userId), enabled: enabled && userId !== '' });
}
