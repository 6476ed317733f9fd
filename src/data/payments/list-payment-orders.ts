import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { paymentKeys } from '@/data/payments/keys';
import { unwrap } from '@/lib/errors';
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

/**
 * RPC admin_list_payment_orders: a range (at most 100 rows) newest first, by status and method,
 * searched by reference, name, e-mail or phone. The list reads one page; the CSV reads every range.
 */
export async function listPaymentOrdersRange(
  client: AppSupabaseClient,
  filters: Omit<PaymentOrdersParams, 'page'>,
  offset: number,
  limit: number,
  signal?: AbortSignal,
) {
  let request = client.rpc('admin_list_payment_orders', {
    p_status: filters.status === '' ? undefined : filters.status,
    p_method: filters.method === '' ? undefined : filters.method,
    p_search: filters.search.trim() === '' ? undefined : filters.search.trim(),
    p_limit: limit,
    p_offset: offset,
  });
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

/** One page of the list (20 rows) with the total the database counted. */
export async function listPaymentOrders(client: AppSupabaseClient, params: PaymentOrdersParams, signal?: AbortSignal) {
  const rows = await listPaymentOrdersRange(
    client,
    params,
    params.page * PAYMENTS_PAGE_SIZE,
    PAYMENTS_PAGE_SIZE,
    signal,
  );
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
