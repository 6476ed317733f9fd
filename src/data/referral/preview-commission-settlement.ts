import { queryOptions, useQuery } from '@tanstack/react-query';
import { AppError, unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { settlementPreviewSchema, type SettlementPreview } from './commission-settlement.schema';
import { referralKeys } from './keys';

/**
 * RPC admin_preview_commission_settlement: what settling one referrer's (or every referrer's:
 * null) commissions 'Do wypłaty' would pay at the rate, and the previous settlement's rate.
 */
export async function previewCommissionSettlement(
  client: AppSupabaseClient,
  userId: string | null,
  rate: number,
  signal?: AbortSignal,
): Promise<SettlementPreview> {
  let request = client.rpc('admin_preview_commission_settlement', {
    p_rate: rate,
    ...(userId === null ? {} : { p_user_id: userId }),
  });
  if (signal) request = request.abortSignal(signal);
  const parsed = settlementPreviewSchema().safeParse(unwrap(await request));
  if (!parsed.success) throw new AppError('http.unexpected', { cause: parsed.error });
  return parsed.data;
}

export const settlementPreviewQueryOptions = (
  getClient: () => Promise<AppSupabaseClient>,
  userId: string | null,
  rate: string,
) =>
  queryOptions({
    queryKey: referralKeys.settlementPreview(userId, rate),
    queryFn: async ({ signal }) => previewCommissionSettlement(await getClient(), userId, Number(rate), signal),
    retry: false,
    staleTime: 0,
  });

/** Asked once the admin typed a valid rate (`request` null: nothing yet). */
export function useSettlementPreview(request: { userId: string | null; rate: string } | null) {
  const { getClient } = useSupabase();
  return useQuery({
    ...settlementPreviewQueryOptions(getClient, request?.userId ?? null, request?.rate ?? ''),
    enabled: request !== null,
  });
}
