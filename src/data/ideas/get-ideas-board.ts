import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ideasKeys, type BoardParams } from '@/data/ideas/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import type { Database } from '@/types/database.types';

export const IDEAS_PAGE_SIZE = 20;
/** get_app_ideas counts a search's matches up to this many; a total above it means "more". */
export const SEARCH_COUNT_CAP = 500;

type BoardRow = Database['public']['Functions']['get_app_ideas']['Returns'][number];

/** One idea of the board (the generated row type, with the columns that can be null said so). */
export type BoardIdea = Omit<
  BoardRow,
  'user_vote' | 'webhook_response' | 'author_full_name' | 'submitted_by' | 'total_count'
> & {
  user_vote: number | null;
  webhook_response: string | null;
  author_full_name: string | null;
  /** Null once the author's account was erased (the idea stays for the others' votes and comments). */
  submitted_by: string | null;
};

export type BoardPage = { ideas: BoardIdea[]; total: number };

/** Applies a change to the idea on every cached board page (votes, new comments). */
export function updateBoardIdea(queryClient: QueryClient, ideaId: string, change: (idea: BoardIdea) => BoardIdea) {
  queryClient.setQueriesData<BoardPage>({ queryKey: ideasKeys.boards() }, (page) =>
    page ? { ...page, ideas: page.ideas.map((idea) => (idea.id === ideaId ? change(idea) : idea)) } : page,
  );
}

/**
 * RPC get_app_ideas: one page of the board (search in title and description, category, sort, 20 per
 * page) with the author's name and the caller's vote, and the total for paging, in one call.
 */
export async function getIdeasBoard(
  client: AppSupabaseClient,
  params: BoardParams,
  signal?: AbortSignal,
): Promise<BoardPage> {
  const search = params.search.trim();
  let request = client.rpc('get_app_ideas', {
    p_search: search || undefined,
    p_category: params.category ?? undefined,
    p_sort: params.sort,
    p_limit: IDEAS_PAGE_SIZE,
    p_offset: (Math.max(1, params.page) - 1) * IDEAS_PAGE_SIZE,
    p_mine: params.mine || undefined,
  });
  if (signal) request = request.abortSignal(signal);
  const rows = unwrap(await request);
  return {
    ideas: rows.map(({ total_count: _total, ...idea }) => idea),
    total: rows.length > 0 ? Number(rows[0]!.total_count) : 0,
  };
}

export const ideasBoardQueryOptions = (getClient: () => Promise<AppSupabaseClient>, params: BoardParams) =>
  queryOptions({
    queryKey: ideasKeys.board(params),
    queryFn: async ({ signal }) => getIdeasBoard(await getClient(), params, signal),
    // The list stays on screen while the next search, filter or page loads.
    placeholderData: keepPreviousData,
  });

export function useIdeasBoard(params: BoardParams) {
  const { getClient } = useSupabase();
  return useQuery(ideasBoardQueryOptions(getClient, params));
}
