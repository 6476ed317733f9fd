import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentKeys } from '@/data/payments/keys';
import { useAuth } from '@/lib/auth/auth-context';
import { AppError } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { usdtKeys } from './keys';

/** What the chain verifier answered (usdt-verify-payment). */
export type UsdtCheckState = {
  status: 'waiting' | 'confirmed' | 'rejected';
  outcome: string | null;
  confirmations: number | null;
  required: number | null;
  orderStatus: string;
};

/**
 * The member's 'Hash transakcji' for their USDT order, checked on chain by the edge function
 * usdt-verify-payment (the member's token). A refusal throws an AppError with the function's key
 * (payments.tx_hash_used, payments.too_many_checks, …).
 */
export async function submitUsdtHash(
  client: AppSupabaseClient,
  input: { orderId: string; txHash: string },
): Promise<UsdtCheckState> {
  const { data, error } = await client.functions.invoke<UsdtCheckState>('usdt-verify-payment', { body: input });
  if (error) {
    const response = (error as { context?: unknown }).context;
    let code = 'payments.check_failed';
    if (response instanceof Response) {
      try {
        const body = (await response.clone().json()) as { error?: { code?: unknown } };
        if (typeof body.error?.code === 'string' && body.error.code.includes('.')) code = body.error.code;
      } catch {
        // not JSON: the generic failure
      }
    }
    throw new AppError(code, { status: response instanceof Response ? response.status : undefined, cause: error });
  }
  if (!data || typeof data.status !== 'string') throw new AppError('http.unexpected');
  return data;
}

export const submitUsdtHashMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: usdtKeys.submitHash(),
    mutationFn: async (input: { orderId: string; txHash: string }) => submitUsdtHash(await getClient(), input),
  });

/** Submits the hash; the page, the member's orders and the admin's list read again (whatever the answer). */
export function useSubmitUsdtHash() {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    ...submitUsdtHashMutationOptions(getClient),
    onSettled: (_data, _error, input) => {
      void queryClient.invalidateQueries({ queryKey: usdtKeys.payment(input.orderId) });
      void queryClient.invalidateQueries({ queryKey: paymentKeys.myOrders(user?.id ?? '') });
      void queryClient.invalidateQueries({ queryKey: paymentKeys.adminOrders() });
    },
  });
}
