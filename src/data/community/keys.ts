/**
 * Query and mutation keys of community posts: one factory for the members' feed and the admin
 * 'Społeczność' tab, so an admin's post, edit or deletion refreshes the feed.
 */
export const communityKeys = {
  all: ['community'] as const,
  posts: () => [...communityKeys.all, 'posts'] as const,
  comments: (postId: string) => [...communityKeys.all, 'comments', postId] as const,
  toggleReaction: () => [...communityKeys.all, 'reaction'] as const,
  addComment: (postId: string) => [...communityKeys.all, 'add-comment', postId] as const,
  /** The admin tab's list of every post. */
  adminList: () => [...communityKeys.all, 'admin-list'] as const,
  savePost: () => [...communityKeys.all, 'save-post'] as const,
  deletePost: () => [...communityKeys.all, 'delete-post'] as const,
};
