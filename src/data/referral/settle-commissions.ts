import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKeys } from '@/data/audit/keys';
import { financeKeys } from '@/data/finance/keys';
import { ledgerKeys } from '@/data/wallet/keys';
import { AppError, unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { settlementResultSchema, type SettlementResult } from './commission-settlement.schema';
import { referralKeys } from './keys';

/**
 * One confirmation of the settlement dialog: the preview's count and PLN total as confirmed, the
 * previous rate when the admin confirmed a rate more than 20 % away from it, and the dialog's
 * idempotency key (the same for a retry of the same settlement).
 */
export type CommissionSettlement = {
  userId: string | null;
  rate: number;
  expectedCommissions: number;
  expectedTotalPln: number;
  confirmedPreviousRate: number | null;
  idempotencyKey: string;
};

/**
 * RPC admin_settle_commissions: per referrer one ledger credit of the commissions 'Do wypłaty';
 * refused when they differ from the preview (referral.settlement_changed) or when the rate is far
 * from the previous one and not confirmed (referral.rate_confirmation_required).
 */
export async function settleCommissions(
  client: AppSupabaseClient,
  input: CommissionSettlement,
): Promise<SettlementResult> {
  const answer = unwrap(
    await client.rpc('admin_settle_commissions', {
      p_rate: input.rate,
      p_expected_commissions: input.expectedCommissions,
      p_expected_total_pln: input.expectedTotalPln,
      p_idempotency_key: input.idempotencyKey,
      ...(input.userId === null ? {} : { p_user_id: input.userId }),
      ...(input.confirmedPreviousRate === null ? {} : { p_confirmed_previous_rate: input.confirmedPreviousRate }),
    }),
  );
  const parsed = settlementResultSchema().safeParse(answer);
  if (!parsed.success) throw new AppError('http.unexpected', { cause: parsed.error });
  return parsed.data;
}

export const settleCommissionsMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: referralKeys.settle(),
    mutationFn: async (input: CommissionSettlement) => settleCommissions(await getClient(), input),
  });

/** What is owed, the referrers' pages, the finance view, wallets and the audit trail are read again. */
export function useSettleCommissions() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...settleCommissionsMutationOptions(getClient),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: referralKeys.all }),
        queryClient.invalidateQueries({ queryKey: financeKeys.all }),
        queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]);
    },
  });
}
