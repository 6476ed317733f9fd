import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentKeys } from '@/data/payments/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { usdtKeys } from './keys';

export type UnrecognisedDecision =
  | { kind: 'assign'; transferId: number; orderReference: string }
  | { kind: 'refunded'; transferId: number; note: string; refundReference: string }
  | { kind: 'ignored'; transferId: number; note: string };

/**
 * Admin (aal2): an unrecognised transfer assigned to an order (it pays it through the one
 * confirmation), recorded as sent back, or ignored. Each audited by the database.
 */
export async function decideUnrecognisedTransfer(client: AppSupabaseClient, decision: UnrecognisedDecision) {
  if (decision.kind === 'assign') {
    return unwrap(
      await client.rpc('admin_assign_unrecognised_transfer', {
        p_transfer_id: decision.transferId,
        p_order_reference: decision.orderReference,
      }),
    );
  }
  return unwrap(
    await client.rpc('admin_close_unrecognised_transfer', {
      p_transfer_id: decision.transferId,
      p_status: decision.kind,
      p_note: decision.note,
      p_refund_reference: decision.kind === 'refunded' ? decision.refundReference : undefined,
    }),
  );
}

export const decideUnrecognisedMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: usdtKeys.decideUnrecognised(),
    mutationFn: async (decision: UnrecognisedDecision) => decideUnrecognisedTransfer(await getClient(), decision),
  });

export function useDecideUnrecognisedTransfer() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...decideUnrecognisedMutationOptions(getClient),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: usdtKeys.unrecognised() });
      void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    },
  });
}
