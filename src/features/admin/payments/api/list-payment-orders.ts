import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import { paymentKeys } from '@/lib/payment/keys';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import type { Enums } from '@/types/database.types';

export const PAYMENTS_PAGE_SIZE = 20;
export type PaymentOrderStatus = Enums<'payment_order_status'>;
export type PaymentOrdersParams = {
  /** '' = every status. */
  status: PaymentOrderStatus | '';
  /** '' = every method. */
  method: Enums<'payment_method'> | '';
  search: string;
  page: number;
};

/** RPC admin_list_payment_orders: newest first, by status and method, searched by reference, name, e-mail or phone. */
export async function listPaymentOrders(client: AppSupabaseClient, params: PaymentOrdersParams, signal?: AbortSignal) {
  let request = client.rpc('admin_list_payment_orders', {
    p_status: params.status === '' ? undefined : params.status,
    p_method: params.method === '' ? undefined : params.method,
    p_search: params.search.trim() === '' ? undefined : params.search.trim(),
    p_limit: PAYMENTS_PAGE_SIZE,
    p_offset: params.page * PAYMENTS_PAGE_SIZE,
  });
  if (signal) request = request.abortSignal(signal);
  const rows = unwrap(await request);
  // The database counts up to 1 001: the list pages through the first 1 000.
  return { rows, total: Math.min(Number(rows[0]?.total_count ?? 0), 1_000) };
}

export type AdminPaymentOrder = Awaited<ReturnType<typeof listPaymentOrders>>['rows'][number];

export const paymentOrdersQueryOptions = (getClient: () => Promise<AppSupabaseClient>, params: PaymentOrdersParams) =>
  queryOptions({
    queryKey: paymentKeys.adminOrdersList(params),
    queryFn: async ({ signal }) => listPaymentOrders(await getClient(), params, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminPaymentOrders(params: PaymentOrdersParams) {
  const { getClient } = useSupabase();
  return useQuery(paymentOrdersQueryOptions(getClient, params));
}
