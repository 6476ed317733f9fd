import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { paymentKeys } from './keys';

/**
 * An order's payment gateway log (public.payment_events, append-only, readable by admins only):
 * each registration, notification (raw body, headers, whether its sign was valid), verify call,
 * lookup and confirmation, oldest first.
 */
export async function listPaymentEvents(client: AppSupabaseClient, orderId: string, signal?: AbortSignal) {
  let request = client
    .from('payment_events')
    .select(
      'id, session_id, kind, outcome, signature_valid, http_status, request_body, response_body, headers, request_id, error, created_at',
    )
    .eq('order_id', orderId)
    .order('id', { ascending: true })
    .limit(200);
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type PaymentEvent = Awaited<ReturnType<typeof listPaymentEvents>>[number];

export const paymentEventsQueryOptions = (getClient: () => Promise<AppSupabaseClient>, orderId: string) =>
  queryOptions({
    queryKey: paymentKeys.events(orderId),
    queryFn: async ({ signal }) => listPaymentEvents(await getClient(), orderId, signal),
  });

export function usePaymentEvents(orderId: string) {
  const { getClient } = useSupabase();
  return useQuery(paymentEventsQueryOptions(getClient, orderId));
}
