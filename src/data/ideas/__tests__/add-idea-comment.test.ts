import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { AppSupabaseClient } from '@/lib/supabase';
import { addIdeaCommentMutationOptions } from '../add-idea-comment';
import { ideaCommentsQueryOptions, type IdeaComment } from '../get-idea-comments';

const IDEA = 'idea-1';
const comment = {
  id: 'c-1',
  content: 'Chętnie bym z tego korzystał!',
  created_at: '2026-11-25T10:00:00Z',
  author_full_name: 'Michał Nowak',
} as unknown as IdeaComment;

/** A client whose first comments read answers only when `answerFirstRead` is called (with no comments). */
function fakeClient() {
  let answerFirstRead: () => void = () => undefined;
  let reads = 0;
  const stored: IdeaComment[] = [];
  const client = {
    rpc: () => {
      reads += 1;
      const rows = [...stored];
      const answer =
        reads === 1
          ? new Promise<{ data: IdeaComment[]; error: null }>((resolve) => {
              answerFirstRead = () => resolve({ data: [], error: null });
            })
          : Promise.resolve({ data: rows, error: null });
      return Object.assign(answer, { abortSignal: () => answer });
    },
    from: () => ({
      insert: async () => {
        stored.push(comment);
        return { data: null, error: null };
      },
    }),
  } as unknown as AppSupabaseClient;
  return { client, answerFirstRead: () => answerFirstRead(), reads: () => reads, inserted: () => stored.length };
}

describe('adding a comment while the list is still being read the first time', () => {
  it('reads the list anew, so the new comment shows', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const fake = fakeClient();
    const getClient = async () => fake.client;
    // The open comments panel: an active observer whose first read is on its way.
    const observer = new QueryObserver(queryClient, ideaCommentsQueryOptions(getClient, IDEA));
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(fake.reads()).toBe(1));

    const added = queryClient
      .getMutationCache()
      .build(queryClient, addIdeaCommentMutationOptions(getClient, queryClient))
      .execute({ ideaId: IDEA, userId: 'user-1', content: comment.content });
    // The first read answers (without the comment) only after the insert, once the mutation has
    // asked for the list again.
    await vi.waitFor(() => expect(fake.inserted()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    fake.answerFirstRead();
    await added;

    await vi.waitFor(() => expect(queryClient.getQueryData(ideasCommentsKey())).toEqual([comment]));
    expect(fake.reads()).toBe(2);
    unsubscribe();
  });
});

function ideasCommentsKey() {
  return ideaCommentsQueryOptions(async () => ({}) as AppSupabaseClient, IDEA).queryKey;
}
