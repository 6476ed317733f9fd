import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKeys } from '@/data/audit/keys';
import { ledgerKeys } from '@/data/wallet/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { walletKeys } from './keys';

export type WalletAdjustment = { userId: string; direction: 'credit' | 'debit'; amount: number; reason: string };

/**
 * RPC admin_adjust_wallet: a credit or a debit with the reason the member sees, through the single
 * ledger function; a debit above the available balance is refused (wallet.insufficient_funds).
 */
export async function adjustWallet(client: AppSupabaseClient, input: WalletAdjustment) {
  return unwrap(
    await client.rpc('admin_adjust_wallet', {
      p_user_id: input.userId,
      p_direction: input.direction,
      p_amount: input.amount,
      p_reason: input.reason,
    }),
  );
}

export const adjustWalletMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: walletKeys.adjust(),
    mutationFn: async (input: WalletAdjustment) => adjustWallet(await getClient(), input),
  });

/** Balance and ledger of the member are read again, and the audit trail. */
export function useAdjustWallet() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...adjustWalletMutationOptions(getClient),
    onSettled: async (_data, _error, input) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ledgerKeys.ofUser(input.userId) }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]);
    },
  });
}
