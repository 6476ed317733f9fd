import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { membershipPlanKeys } from './keys';

/**
 * The membership plans catalogue (START, PREMIUM, VIP; product.md#dashboard-9): the one source of truth for
 * prices and profit shares, read by the plans grid, the main panel's and the apps catalogue's profit
 * pools. Catalogue data changes rarely: fresh for an hour.
 */
export async function getMembershipPlans(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client.from('membership_plans').select('*').order('yearly_price_pln', { ascending: true });
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type MembershipPlan = Awaited<ReturnType<typeof getMembershipPlans>>[number];

export const membershipPlansQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: membershipPlanKeys.list(),
    queryFn: async ({ signal }) => getMembershipPlans(await getClient(), signal),
    staleTime: 60 * 60_000,
  });

/**
 * `fresh`: read again on mount whatever the cache's age (the payment dialog: the prices a member is
 * about to pay are the catalogue's now, even when an admin changed them a minute ago elsewhere).
 */
export function useMembershipPlans({ fresh = false }: { fresh?: boolean } = {}) {
  const { getClient } = useSupabase();
  return useQuery({ ...membershipPlansQueryOptions(getClient), ...(fresh ? { staleTime: 0 } : {}) });
}

/** A plan's pool: revenue × its profit share (product.md#dashboard-9 "Dashboard profit pool"). */
export function profitPool(revenue: number, plan: Pick<MembershipPlan, 'profit_share'>): number {
  return revenue * Number(plan.profit_share);
}
