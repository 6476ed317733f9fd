import { mutationOptions, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { ideasKeys } from '@/data/ideas/keys';
import { AppError, unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { averageWith } from './votes';
import { updateBoardIdea, type BoardPage } from './get-ideas-board';

export type VoteInput = { ideaId: string; userId: string; score: number };
type VoteResult = { score: number; votes_count: number; user_vote: number };

/** RPC vote_for_idea {p_idea_id, p_user_id, p_score}: once per member and idea, 1-5. */
export async function voteForIdea(client: AppSupabaseClient, input: VoteInput): Promise<VoteResult> {
  const [row] = unwrap(
    await client.rpc('vote_for_idea', { p_idea_id: input.ideaId, p_user_id: input.userId, p_score: input.score }),
  );
  if (!row) throw new AppError('http.unexpected');
  return { score: Number(row.score), votes_count: row.votes_count, user_vote: row.user_vote };
}

type Snapshot = { pages: [QueryKey, BoardPage | undefined][] };

/**
 * Optimistic (product.md#dashboard-4 Voting): the stars lock on the chosen score and the average moves at
 * once; a failure puts every page back as it was. The server's score and count replace the guess.
 */
export const voteMutationOptions = (getClient: () => Promise<AppSupabaseClient>, queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: ideasKeys.vote(),
    mutationFn: async (input: VoteInput) => voteForIdea(await getClient(), input),
    onMutate: async (input): Promise<Snapshot> => {
      await queryClient.cancelQueries({ queryKey: ideasKeys.boards() });
      const pages = queryClient.getQueriesData<BoardPage>({ queryKey: ideasKeys.boards() });
      updateBoardIdea(queryClient, input.ideaId, (idea) => ({
        ...idea,
        user_vote: input.score,
        score: averageWith(Number(idea.score), idea.votes_count, input.score),
        votes_count: idea.votes_count + 1,
      }));
      return { pages };
    },
    onError: (_error, _input, snapshot) => {
      for (const [key, page] of snapshot?.pages ?? []) queryClient.setQueryData(key, page);
    },
    onSuccess: (result, input) => {
      updateBoardIdea(queryClient, input.ideaId, (idea) => ({ ...idea, ...result }));
    },
  });

export function useVoteForIdea() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation(voteMutationOptions(getClient, queryClient));
}

/** 'ideas.already_voted' from the server: the member had voted already (e.g. in another tab). */
export function isAlreadyVoted(error: unknown): boolean {
  return error instanceof Error && error.message === 'ideas.already_voted';
}
