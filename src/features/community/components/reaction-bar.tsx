import { useToast } from '@/components/ui/toast';
import type { Post } from '@/data/community/get-posts';
import { REACTION_TYPES, type ReactionType } from '@/data/community/post.schema';
import { useToggleReaction } from '@/data/community/toggle-reaction';
import { t, type DashboardMessageKey as MessageKey } from '@/i18n/dashboard';
import { formatNumber } from '@/lib/format';

/** How each reaction type is shown (docs/decisions.md): an emoji with a Polish name for screen readers. */
export const REACTIONS: Record<ReactionType, { emoji: string; label: MessageKey }> = {
  like: { emoji: '👍', label: 'community.reaction.like' },
  love: { emoji: '❤️', label: 'community.reaction.love' },
  fire: { emoji: '🔥', label: 'community.reaction.fire' },
  clap: { emoji: '👏', label: 'community.reaction.clap' },
};

function ReactionButton({ post, type }: { post: Post; type: ReactionType }) {
  const toast = useToast();
  // 'Nie udało się dodać reakcji' / 'Nie udało się usunąć reakcji' (product.md#dashboard-8).
  const toggle = useToggleReaction((input) =>
    toast.show(t(input.add ? 'community.reaction_add_failed' : 'community.reaction_remove_failed'), 'error'),
  );
  const mine = post.my_reactions.includes(type);
  const count = post.reaction_counts[type];
  const label = t(REACTIONS[type].label);
  return (
    <button
      type="button"
      aria-pressed={mine}
      aria-label={t('community.reaction_count', { label, count })}
      title={label}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate({ postId: post.id, type, add: !mine })}
      className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm tabular-nums transition-colors disabled:cursor-wait ${
        mine
          ? 'border-accent bg-accent/15 text-accent'
          : 'border-surface-border text-ink-muted hover:border-accent hover:text-ink'
      }`}
    >
      <span aria-hidden="true">{REACTIONS[type].emoji}</span>
      <span aria-hidden="true">{formatNumber(count)}</span>
    </button>
  );
}

/** The four reactions of a post: toggles (aria-pressed) with their counts. */
export function ReactionBar({ post }: { post: Post }) {
  return (
    <div role="group" aria-label={t('community.reactions')} className="flex flex-wrap gap-2">
      {REACTION_TYPES.map((type) => (
        <ReactionButton key={type} post={post} type={type} />
      ))}
    </div>
  );
}
