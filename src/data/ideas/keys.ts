import type { QueryClient } from '@tanstack/react-query';
import type { Enums } from '@/types/database.types';

type IdeaCategory = Enums<'app_category'>;
type IdeaStatus = Enums<'idea_status'>;

export type IdeaSort = 'date' | 'score' | 'votes' | 'comments';
export const IDEA_SORTS: readonly IdeaSort[] = ['date', 'score', 'votes', 'comments'];

/** What the board shows: the search term, category, sort, page (1-based) and whether only the caller's own ideas ('Moje pomysły'). */
export type BoardParams = {
  search: string;
  category: IdeaCategory | null;
  sort: IdeaSort;
  page: number;
  mine: boolean;
};

/**
 * Query and mutation keys of ideas: one factory for the members' board and the admin moderation tab,
 * so a change on either side refreshes what the other shows.
 */
export const ideasKeys = {
  all: ['ideas'] as const,
  boards: () => [...ideasKeys.all, 'board'] as const,
  board: (params: BoardParams) => [...ideasKeys.boards(), params] as const,
  stats: () => [...ideasKeys.all, 'stats'] as const,
  comments: (ideaId: string) => [...ideasKeys.all, 'comments', ideaId] as const,
  vote: () => [...ideasKeys.all, 'vote'] as const,
  addComment: () => [...ideasKeys.all, 'add-comment'] as const,
  setStatus: () => [...ideasKeys.all, 'set-status'] as const,
  delete: () => [...ideasKeys.all, 'delete'] as const,
  withdraw: () => [...ideasKeys.all, 'withdraw'] as const,
  /** The admin tab's moderation list (pending first), per status filter and page. */
  moderation: () => [...ideasKeys.all, 'moderation'] as const,
  moderationList: (status: IdeaStatus | null, page: number) => [...ideasKeys.moderation(), status, page] as const,
};

/**
 * Reloads every ideas read after a change. A read already under way started before the change
 * (e.g. a search typed a moment ago) and would otherwise be kept: it is cancelled first.
 */
export async function refreshIdeas(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: ideasKeys.all });
  await queryClient.invalidateQueries({ queryKey: ideasKeys.all });
}
