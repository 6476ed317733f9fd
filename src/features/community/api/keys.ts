/** Query and mutation keys of the community page. */
export const communityKeys = {
  all: ['community'] as const,
  posts: () => [...communityKeys.all, 'posts'] as const,
  comments: (postId: string) => [...communityKeys.all, 'comments', postId] as const,
  toggleReaction: () => [...communityKeys.all, 'reaction'] as const,
  addComment: (postId: string) => [...communityKeys.all, 'add-comment', postId] as const,
};
