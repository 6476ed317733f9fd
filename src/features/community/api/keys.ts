/** Query and mutation keys of the community page. */
export const communityKeys = {
  all: ['community'] as const,
  posts: () => [...communityKeys.all, 'posts'] as const,
  comments: (postId: string) => [...communityKeys.all, 'comments', postId] as const,
  reaction: (postId: string, type: string) => [...communityKeys.all, 'reaction', postId, type] as const,
  addComment: (postId: string) => [...communityKeys.all, 'add-comment', postId] as const,
};
