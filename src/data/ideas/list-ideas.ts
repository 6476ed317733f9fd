import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ideasKeys } from '@/data/ideas/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import type { Enums } from '@/types/database.types';

type IdeaStatus = Enums<'idea_status'>;

export const IDEAS_PAGE_SIZE = 20;

/** RPC admin_list_ideas: the moderation list, pending first, with the author's name and e-mail. */
export async function listIdeas(
  client: AppSupabaseClient,
  params: { status: IdeaStatus | null; page: number },
  signal?: AbortSignal,
) {
  let request = client.rpc('admin_list_ideas', {
    p_status: params.status ?? undefined,
    p_limit: IDEAS_PAGE_SIZE,
    p_offset: params.page * IDEAS_PAGE_SIZE,
  });
  if (signal) request = request.abortSignal(signal);
  const rows = unwrap(await request);
  // The database counts up to 1 001: the list pages through the first 1 000.
  return { rows, total: Math.min(Number(rows[0]?.total_count ?? 0), 1_000) };
}

export type ModeratedIdea = Awaited<ReturnType<typeof listIdeas>>['rows'][number];

export const ideasQueryOptions = (
  getClient: () => Promise<AppSupabaseClient>,
  params: { status: IdeaStatus | null; page: number },
) =>
  queryOptions({
    queryKey: ideasKeys.moderationList(params.status, params.page),
    queryFn: async ({ signal }) => listIdeas(await getClient(), params, signal),
    placeholderData: keepPreviousData,
  });

export function useModeratedIdeas(params: { status: IdeaStatus | null; page: number }) {
  const { getClient } = useSupabase();
  return useQuery(ideasQueryOptions(getClient, params));
}
