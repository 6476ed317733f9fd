import { queryOptions, useQuery } from '@tanstack/react-query';
import { AppError, unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { usdtKeys } from './keys';

/**
 * A USDT order's payment page in one round trip: the order (the member's own, by RLS), the club's
 * address on its network, and the hashes the member pasted for it with what the chain showed
 * (newest first). Three reads sent at once.
 */
export async function getUsdtPayment(client: AppSupabaseClient, orderId: string, signal?: AbortSignal) {
  const order = client
    .from('payment_orders')
    .select(
      'id, reference, kind, plan_tier, ccc_tier, quantity, method, amount, currency, status, network, amount_received, shortfall, expires_at, created_at',
    )
    .eq('id', orderId);
  const networks = client.from('usdt_networks').select('network, enabled, receiving_address');
  const checks = client
    .from('usdt_payment_checks')
    .select('id, tx_hash, status, outcome, confirmations, required, created_at, checked_at')
    .eq('order_id', orderId)
    .order('created_at', { ascending: false })
    .limit(5);
  const [orderRows, networkRows, checkRows] = await Promise.all(
    signal
      ? [order.abortSignal(signal), networks.abortSignal(signal), checks.abortSignal(signal)]
      : [order, networks, checks],
  );
  const found = unwrap(orderRows)[0];
  if (!found) throw new AppError('payments.order_not_found');
  const network = unwrap(networkRows).find((row) => row.network === found.network) ?? null;
  return { order: found, network, checks: unwrap(checkRows) };
}

export type UsdtPayment = Awaited<ReturnType<typeof getUsdtPayment>>;
export type UsdtPaymentCheck = UsdtPayment['checks'][number];

export const usdtPaymentQueryOptions = (getClient: () => Promise<AppSupabaseClient>, orderId: string) =>
  queryOptions({
    queryKey: usdtKeys.payment(orderId),
    queryFn: async ({ signal }) => getUsdtPayment(await getClient(), orderId, signal),
  });

/** While a hash waits for the chain the page reads again every few seconds (the scheduled re-check decides). */
export function useUsdtPayment(orderId: string, { pollMs = 3000 }: { pollMs?: number } = {}) {
  const { getClient } = useSupabase();
  return useQuery({
    ...usdtPaymentQueryOptions(getClient, orderId),
    refetchInterval: (query) => (query.state.data?.checks[0]?.status === 'waiting' ? pollMs : false),
  });
}
