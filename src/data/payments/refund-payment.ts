import { mutationOptions, useMutation } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { useRefreshAfterDecision } from './decide-payment';
import { paymentKeys } from './keys';

export const REFUND_METHODS = ['transfer', 'usdt', 'acc', 'other'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export type RefundInput = { id: string; userId: string; reason: string; method: RefundMethod; reference: string };

/**
 * RPC admin_refund_payment (aal2): refunds what came in for a paid, underpaid or to-be-refunded
 * order, with a reason, how the money went back and its transfer title or hash. The period it gave
 * ends, its CCC packages are released, its unsettled commission cancelled (a second refund answers
 * changed = false).
 */
export async function refundPayment(client: AppSupabaseClient, input: RefundInput) {
  const rows = unwrap(
    await client.rpc('admin_refund_payment', {
      p_order_id: input.id,
      p_reason: input.reason,
      p_method: input.method,
      p_reference: input.reference,
    }),
  );
  return { changed: rows[0]?.changed ?? false };
}

export const refundPaymentMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: paymentKeys.refundOrder(),
    mutationFn: async (input: RefundInput) => refundPayment(await getClient(), input),
  });

/** After a refund the orders, slots, packages and the member's level are read again, as after a decision. */
export function useRefundPayment() {
  const { getClient } = useSupabase();
  const refresh = useRefreshAfterDecision();
  return useMutation({
    ...refundPaymentMutationOptions(getClient),
    onSettled: (_data, _error, input) => refresh(input.userId),
  });
}
