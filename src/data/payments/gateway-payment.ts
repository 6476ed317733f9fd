import { queryOptions, useQuery } from '@tanstack/react-query';
import { AppError } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { paymentKeys } from './keys';

/**
 * The payment gateway (Przelewy24, issue 36) behind the transfer method of PLN orders: the edge
 * function przelewy24-register says whether it is configured (GET) and registers an order, answering
 * the gateway's payment page (POST). Without it the transfer method stays on the admin's confirmation
 * (the stored payment link). Amount and currency come from the order in the database, never from here.
 */
export async function getGatewayConfigured(client: AppSupabaseClient): Promise<boolean> {
  const { data, error } = await client.functions.invoke<{ configured?: unknown }>('przelewy24-register', {
    method: 'GET',
  });
  if (error) return false;
  return data?.configured === true;
}

export const gatewayConfiguredQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: paymentKeys.gateway(),
    queryFn: async () => getGatewayConfigured(await getClient()),
    staleTime: 10 * 60_000,
  });

export function useGatewayConfigured() {
  const { getClient } = useSupabase();
  return useQuery(gatewayConfiguredQueryOptions(getClient));
}

export type GatewayRegistration = { url: string; sessionId: string; reference: string };

/**
 * Registers the order with the gateway (the member's token); the answer's url is the gateway's
 * payment page, and the gateway sends the member back to /dashboard/investments?platnosc=<reference>
 * on this origin. A refusal throws an AppError with the function's key (payments.*).
 */
export async function registerGatewayPayment(
  client: AppSupabaseClient,
  orderId: string,
  returnOrigin: string = window.location.origin,
): Promise<GatewayRegistration> {
  const { data, error } = await client.functions.invoke<Partial<GatewayRegistration>>('przelewy24-register', {
    body: { orderId, returnOrigin },
  });
  if (error) {
    const response = (error as { context?: unknown }).context;
    let code = 'payment.failed';
    if (response instanceof Response) {
      try {
        const body = (await response.clone().json()) as { error?: { code?: unknown } };
        if (typeof body.error?.code === 'string') code = body.error.code;
      } catch {
        // not JSON: the generic failure
      }
    }
    throw new AppError(code, { status: response instanceof Response ? response.status : undefined, cause: error });
  }
  if (typeof data?.url !== 'string' || typeof data.reference !== 'string') throw new AppError('http.unexpected');
  return { url: data.url, sessionId: String(data.sessionId ?? ''), reference: data.reference };
}

/** The query parameter of the return page: /dashboard/investments?platnosc=KLB-XXXXXX. */
export const PAYMENT_RETURN_PARAMETER = 'platnosc';
