import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/auth-context';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { paymentKeys } from './keys';

/** How many of the newest orders 'Moje płatności' shows. */
export const MY_ORDERS_LIMIT = 50;

/** RPC get_my_payment_orders: the member's orders, newest first, with the item's name. */
export async function getMyPaymentOrders(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client.rpc('get_my_payment_orders', { p_limit: MY_ORDERS_LIMIT, p_offset: 0 });
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type MyPaymentOrder = Awaited<ReturnType<typeof getMyPaymentOrders>>[number];

export const myPaymentOrdersQueryOptions = (getClient: () => Promise<AppSupabaseClient>, userId: string) =>
  queryOptions({
    queryKey: paymentKeys.myOrders(userId),
    queryFn: async ({ signal }) => getMyPaymentOrders(await getClient(), signal),
  });

/**
 * `refetchInterval`: read again every so many ms, or as the last rows say (the payment return page
 * while it waits for a confirmation).
 */
export function useMyPaymentOrders({
  refetchInterval = false,
}: { refetchInterval?: number | false | ((rows: MyPaymentOrder[] | undefined) => number | false) } = {}) {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  return useQuery({
    ...myPaymentOrdersQueryOptions(getClient, userId),
    enabled: userId !== '',
    refetchInterval:
      typeof refetchInterval === 'function' ? (query) => refetchInterval(query.state.data) : refetchInterval,
  });
}
