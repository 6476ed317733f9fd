import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { cccKeys } from '@/data/ccc/keys';
import { paymentKeys } from '@/data/payments/keys';
import { profileKeys } from '@/data/profile/keys';
import { usersKeys } from '@/data/users/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';

export type ConfirmInput = { id: string; userId: string; amountReceived: number | null; txHash: string | null };
export type RejectInput = { id: string; userId: string; reason: string };

/**
 * RPC admin_confirm_payment: once (a second confirm answers changed = false). A plan sets the level
 * and end date, a CCC order assigns its packages under the slot lock (payments: ccc.no_slots leaves
 * it pending).
 */
export async function confirmPayment(client: AppSupabaseClient, input: ConfirmInput) {
  const rows = unwrap(
    await client.rpc('admin_confirm_payment', {
      p_order_id: input.id,
      p_amount_received: input.amountReceived ?? undefined,
      p_tx_hash: input.txHash ?? undefined,
    }),
  );
  return { changed: rows[0]?.changed ?? false };
}

/** RPC admin_reject_payment: with a reason the member sees (a second reject answers changed = false). */
export async function rejectPayment(client: AppSupabaseClient, input: RejectInput) {
  const rows = unwrap(await client.rpc('admin_reject_payment', { p_order_id: input.id, p_reason: input.reason }));
  return { changed: rows[0]?.changed ?? false };
}

export const confirmPaymentMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: [...paymentKeys.adminOrders(), 'confirm'] as const,
    mutationFn: async (input: ConfirmInput) => confirmPayment(await getClient(), input),
  });

export const rejectPaymentMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: [...paymentKeys.adminOrders(), 'reject'] as const,
    mutationFn: async (input: RejectInput) => rejectPayment(await getClient(), input),
  });

/**
 * After a decision the lists are read again (never optimistic), and so is what members see: their
 * orders, CCC slots and packages, and the member's profile and level (the admin may be the member).
 */
function useRefreshAfterDecision() {
  const queryClient = useQueryClient();
  return (userId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
      queryClient.invalidateQueries({ queryKey: cccKeys.availability() }),
      queryClient.invalidateQueries({ queryKey: cccKeys.packages(userId) }),
      queryClient.invalidateQueries({ queryKey: profileKeys.own(userId) }),
      queryClient.invalidateQueries({ queryKey: usersKeys.all }),
    ]);
}

export function useConfirmPayment() {
  const { getClient } = useSupabase();
  const refresh = useRefreshAfterDecision();
  return useMutation({
    ...confirmPaymentMutationOptions(getClient),
    onSettled: (_data, _error, input) => refresh(input.userId),
  });
}

export function useRejectPayment() {
  const { getClient } = useSupabase();
  const refresh = useRefreshAfterDecision();
  return useMutation({
    ...rejectPaymentMutationOptions(getClient),
    onSettled: (_data, _error, input) => refresh(input.userId),
  });
}
