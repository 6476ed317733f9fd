import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/auth-context';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import type { Enums } from '@/types/database.types';
import { paymentKeys } from './keys';

/**
 * RPC preview_plan_change: what buying `tier` would give if it were confirmed today (Warsaw days):
 * first and last day (null last day: open-ended), the extra days for the unused period of
 * `from_level`, and the kind of change (new | upgrade | renewal | queued | blocked).
 */
export async function previewPlanChange(
  client: AppSupabaseClient,
  tier: Enums<'membership_level'>,
  signal?: AbortSignal,
) {
  let request = client.rpc('preview_plan_change', { p_tier: tier });
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request.single());
}

export type PlanChangePreview = Awaited<ReturnType<typeof previewPlanChange>>;

export const previewPlanChangeQueryOptions = (
  getClient: () => Promise<AppSupabaseClient>,
  userId: string,
  tier: Enums<'membership_level'>,
) =>
  queryOptions({
    queryKey: paymentKeys.planPreview(userId, tier),
    queryFn: async ({ signal }) => previewPlanChange(await getClient(), tier, signal),
    // The dates depend on today's date and the member's periods: read when the dialog opens.
    staleTime: 0,
  });

export function usePlanChangePreview(tier: Enums<'membership_level'>) {
  const { getClient } = useSupabase();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  return useQuery({ ...previewPlanChangeQueryOptions(getClient, userId, tier), enabled: userId !== '' });
}
