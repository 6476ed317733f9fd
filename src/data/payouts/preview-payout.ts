import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { payoutKeys } from './keys';

/** RPC admin_preview_payout: per tier what a run would pay (nothing is written). */
export async function previewPayout(client: AppSupabaseClient, revenueId: string, rate: number, signal?: AbortSignal) {
  let request = client.rpc('admin_preview_payout', { p_revenue_id: revenueId, p_rate: rate });
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type PayoutPreviewRow = Awaited<ReturnType<typeof previewPayout>>[number];

export const payoutPreviewQueryOptions = (
  getClient: () => Promise<AppSupabaseClient>,
  revenueId: string,
  rate: string,
) =>
  queryOptions({
    queryKey: payoutKeys.preview(revenueId, rate),
    queryFn: async ({ signal }) => previewPayout(await getClient(), revenueId, Number(rate), signal),
    retry: false,
  });

/** Asked only once the admin chose an entry and a valid rate (`request` null: nothing yet). */
export function usePayoutPreview(request: { revenueId: string; rate: string } | null) {
  const { getClient } = useSupabase();
  return useQuery({
    ...payoutPreviewQueryOptions(getClient, request?.revenueId ?? '', request?.rate ?? ''),
    enabled: request !== null,
  });
}
