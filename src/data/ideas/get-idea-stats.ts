import { queryOptions, useQuery } from '@tanstack/react-query';
import { ideasKeys } from '@/data/ideas/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { isIdeaCategory, type IdeaCategory } from './category-values';

export type IdeaStats = {
  approved: number;
  pending: number;
  topCategories: { category: IdeaCategory; count: number }[];
};

/** RPC get_idea_stats: the sidebar in one call (approved and pending counts, the five top categories). */
export async function getIdeaStats(client: AppSupabaseClient, signal?: AbortSignal): Promise<IdeaStats> {
  let request = client.rpc('get_idea_stats');
  if (signal) request = request.abortSignal(signal);
  const [row] = unwrap(await request);
  const top = Array.isArray(row?.top_categories) ? row.top_categories : [];
  return {
    approved: Number(row?.approved_count ?? 0),
    pending: Number(row?.pending_count ?? 0),
    topCategories: top.flatMap((entry) => {
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return [];
      const { category, count } = entry;
      return isIdeaCategory(category) ? [{ category, count: Number(count ?? 0) }] : [];
    }),
  };
}

export const ideaStatsQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: ideasKeys.stats(),
    queryFn: async ({ signal }) => getIdeaStats(await getClient(), signal),
  });

export function useIdeaStats() {
  const { getClient } = useSupabase();
  return useQuery(ideaStatsQueryOptions(getClient));
}
