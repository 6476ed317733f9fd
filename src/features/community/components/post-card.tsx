import { useId, useState } from 'react';
import type { Post } from '@/data/community/get-posts';
import { t } from '@/i18n/dashboard';
import { formatDateTime } from '@/lib/format';
import { SafeLinkText } from '@/lib/safe-link-text';
import { PostComments } from './post-comments';
import { ReactionBar } from './reaction-bar';

/** One discussion post: title, author and date, content, reactions and its comments (on demand). */
export function PostCard({ post }: { post: Post }) {
  const [commentsOpen, setCommentsOpen] = useState(false);
  const commentsId = useId();
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-surface-border bg-surface-raised p-5">
      <h3 id={titleId} className="text-lg font-semibold text-ink">
        {post.title}
      </h3>
      <p className="mt-1 text-xs text-ink-muted">
        {t('community.by', {
          name:
            post.author_id === null
              ? t('dashboard.deleted_member')
              : post.author_name?.trim() || t('dashboard.anonymous'),
          date: formatDateTime(post.created_at),
        })}
      </p>
      <p className="mt-3 whitespace-pre-line text-ink">
        <SafeLinkText content={post.content} />
      </p>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <ReactionBar post={post} />
        <button
          type="button"
          aria-expanded={commentsOpen}
          aria-controls={commentsId}
          onClick={() => setCommentsOpen((open) => !open)}
          className="rounded-lg px-2 py-1 text-sm font-medium text-accent hover:bg-surface-overlay"
        >
          {t('community.show_comments', { count: post.comments_count })}
        </button>
      </div>
      <div id={commentsId} hidden={!commentsOpen} className="mt-4 border-t border-surface-border pt-4">
        {commentsOpen ? <PostComments postId={post.id} /> : null}
      </div>
    </article>
  );
}
