import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { QueryStates } from '@/components/ui/query-states';
import { usePosts } from '@/data/community/get-posts';
import { t } from '@/i18n/dashboard';
import { toUserMessage } from '@/lib/errors';
import { PostCard } from './post-card';

function PostsList() {
  const posts = usePosts();
  return (
    <QueryStates
      query={posts}
      loadingClassName="h-40"
      loadingCount={2}
      loadingLayout="space-y-4"
      loadingLabel={t('community.loading')}
      errorMessage={(error) => `${t('community.posts_load_failed')}: ${toUserMessage(error)}`}
      isEmpty={(data) => data.pages.every((page) => page.posts.length === 0)}
      empty={t('community.empty')}
    >
      {(data) => (
        <div className="space-y-4">
          {data.pages
            .flatMap((page) => page.posts)
            .map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
          {posts.hasNextPage ? (
            <div className="flex justify-center">
              <Button
                variant="secondary"
                onClick={() => void posts.fetchNextPage()}
                disabled={posts.isFetchingNextPage}
                aria-busy={posts.isFetchingNextPage || undefined}
              >
                {t('community.load_more')}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </QueryStates>
  );
}

/**
 * 'Społeczność' (product.md#dashboard-2 Community): the discussion posts with reactions and comments, the
 * 'new post' button (not wired in the spec: shown disabled with the reason, docs/decisions.md) and
 * the notifications panel, which src/app composes in as `aside`.
 */
export function CommunityPage({ aside }: { aside?: ReactNode }) {
  const noteId = useId();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-ink">{t('nav.community')}</h1>
          <p className="mt-1 text-ink-muted">{t('community.intro')}</p>
        </div>
        <div className="text-right">
          <Button disabled aria-describedby={noteId}>
            {t('community.new_post')}
          </Button>
          <p id={noteId} className="mt-1 text-xs text-ink-muted">
            {t('community.new_post_soon')}
          </p>
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-label={t('community.posts')}>
          <PostsList />
        </section>
        {aside ? <aside>{aside}</aside> : null}
      </div>
    </div>
  );
}
