import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { payoutKeys } from './keys';

export const REVENUE_HISTORY = 10;

const paidOut = (runs: { reversed_at: string | null }[]) => runs.some((run) => run.reversed_at === null);

/**
 * ecommerce_revenue, newest first, with its corrections, its voiding and whether a run (not
 * reversed) paid it out: the first entry not voided is what the main panel's profit pools use.
 */
export async function listRevenue(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client
    .from('ecommerce_revenue')
    .select(
      'id, amount, created_at, corrected_at, correction_reason, voided_at, void_reason, payout_runs (reversed_at)',
    )
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(REVENUE_HISTORY);
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request).map(({ payout_runs, ...entry }) => ({ ...entry, paid: paidOut(payout_runs) }));
}

/**
 * A range of every revenue entry, newest first, with the day its profit was paid out (if it was):
 * the rows of the revenue CSV.
 */
export async function listRevenueRange(client: AppSupabaseClient, offset: number, limit: number) {
  const rows = unwrap(
    await client
      .from('ecommerce_revenue')
      .select('id, amount, created_at, voided_at, payout_runs (created_at, reversed_at)')
      .is('voided_at', null)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .range(offset, offset + limit - 1),
  );
  return rows.map((row) => {
    const run = row.payout_runs.find((candidate) => candidate.reversed_at === null);
    return { id: row.id, amount: row.amount, created_at: row.created_at, paid_out_at: run?.created_at ?? null };
  });
}

export type RevenueEntry = Awaited<ReturnType<typeof listRevenue>>[number];

export const revenueQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: payoutKeys.revenueHistory(),
    queryFn: async ({ signal }) => listRevenue(await getClient(), signal),
  });

export function useRevenue() {
  const { getClient } = useSupabase();
  return useQuery(revenueQueryOptions(getClient));
}
