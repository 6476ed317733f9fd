import { queryOptions, useQuery } from '@tanstack/react-query';
import { ideasKeys } from '@/data/ideas/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';

/** RPC get_idea_comments: the idea's comments with their authors' names (never e-mails), newest first. */
export async function getIdeaComments(client: AppSupabaseClient, ideaId: string, signal?: AbortSignal) {
  let request = client.rpc('get_idea_comments', { p_idea_id: ideaId });
  if (signal) request = request.abortSignal(signal);
  // The RPC returns them oldest first; the newest is shown on top, next to the form.
  return unwrap(await request)
    .map((comment) => ({ ...comment, author_full_name: comment.author_full_name as string | null }))
    .reverse();
}

export type IdeaComment = Awaited<ReturnType<typeof getIdeaComments>>[number];

export const ideaCommentsQueryOptions = (getClient: () => Promise<AppSupabaseClient>, ideaId: string) =>
  queryOptions({
    queryKey: ideasKeys.comments(ideaId),
    queryFn: async ({ signal }) => getIdeaComments(await getClient(), ideaId, signal),
  });

export function useIdeaComments(ideaId: string, enabled: boolean) {
  const { getClient } = useSupabase();
  return useQuery({ ...ideaCommentsQueryOptions(getClient, ideaId), enabled });
}
