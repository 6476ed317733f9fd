import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { cccKeys } from '@/data/ccc/keys';
import { paymentKeys } from '@/data/payments/keys';
import { profileKeys } from '@/data/profile/keys';
import { usersKeys } from '@/data/users/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import type { Enums } from '@/types/database.types';

export type ConfirmInput = {
  id: string;
  userId: string;
  amountReceived: number | null;
  txHash: string | null;
  /** The USDT network of txHash (required with a hash). */
  network: Enums<'withdrawal_network'> | null;
};
export type RejectInput = { id: string; userId: string; reason: string };

/**
 * RPC admin_confirm_payment: records money received for an order through the one confirmation
 * (private.confirm_payment): a pending order, the second payment of an underpaid one, money that
 * came for an expired, cancelled or rejected one. A plan gives its period, a CCC order its packages;
 * less than the price leaves it underpaid. Told twice about one payment it answers changed = false.
 */
export async function confirmPayment(client: AppSupabaseClient, input: ConfirmInput) {
  const rows = unwrap(
    await client.rpc('admin_confirm_payment', {
      p_order_id: input.id,
      p_amount_received: input.amountReceived ?? undefined,
      p_tx_hash: input.txHash ?? undefined,
      p_network: input.network ?? undefined,
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
export function useRefreshAfterDecision() {
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
