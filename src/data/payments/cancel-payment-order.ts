import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { paymentKeys } from './keys';

/** RPC cancel_payment_order: the member's own pending order becomes cancelled (else payments.not_pending). */
export async function cancelPaymentOrder(client: AppSupabaseClient, orderId: string) {
  return unwrap(await client.rpc('cancel_payment_order', { p_order_id: orderId }).single());
}

export const cancelPaymentOrderMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: paymentKeys.cancelOrder(),
    mutationFn: async (orderId: string) => cancelPaymentOrder(await getClient(), orderId),
  });

/**
 * After a cancel (or a refusal: the order may have been decided meanwhile) every orders list is read
 * again: the member's and the admin's 'Płatności'.
 */
export function useCancelPaymentOrder() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...cancelPaymentOrderMutationOptions(getClient),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}
