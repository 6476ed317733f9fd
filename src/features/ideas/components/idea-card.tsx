import { useId, useState } from 'react';
import { IDEA_STATUS, statusLabel } from '@/components/ideas/idea-status';
import { Badge } from '@/components/ui/badge';
import { useToast } from '@/components/ui/toast';
import type { BoardIdea } from '@/data/ideas/get-ideas-board';
import { ideaImageSrc } from '@/data/ideas/image-urls';
import { isAlreadyVoted, useVoteForIdea } from '@/data/ideas/vote-for-idea';
import { t } from '@/i18n/ideas';
import { useAuth } from '@/lib/auth/auth-context';
import { formatDate } from '@/lib/format';
import { categoryLabel } from '../utils/categories';
import { ChevronIcon } from './icons';
import { IdeaAdminActions } from './idea-admin-actions';
import { IdeaComments } from './idea-comments';
import { IdeaWithdrawAction } from './idea-withdraw-action';
import { ImageLightbox } from './image-lightbox';
import { StarRating } from './star-rating';
import { WebhookFeedback } from './webhook-feedback';

/** product.md#dashboard-9: "text clamp 100 characters". */
export const DESCRIPTION_CLAMP = 100;

/** The first 100 characters (whole code points), cut at the last space when there is one nearby. */
function clamp(text: string): string {
  const head = Array.from(text).slice(0, DESCRIPTION_CLAMP).join('');
  const space = head.lastIndexOf(' ');
  return `${(space > DESCRIPTION_CLAMP * 0.6 ? head.slice(0, space) : head).trimEnd()}…`;
}

/** One idea on the board: status, texts, images, the vote, the feedback, comments and (admins) moderation. */
export function IdeaCard({ idea }: { idea: BoardIdea }) {
  const { user, isAdmin } = useAuth();
  const toast = useToast();
  const vote = useVoteForIdea();
  const titleId = useId();
  const descriptionId = useId();
  const [expanded, setExpanded] = useState(false);
  const [shown, setShown] = useState<number | null>(null);
  const long = Array.from(idea.description).length > DESCRIPTION_CLAMP;
  const images = idea.image_urls.map(ideaImageSrc).filter((src): src is string => src !== null);

  const castVote = (score: number) => {
    if (!user || idea.user_vote !== null) return;
    vote.mutate(
      { ideaId: idea.id, userId: user.id, score },
      {
        onError: (error) =>
          toast.show(t(isAlreadyVoted(error) ? 'validation.vote.once' : 'ideas.vote_failed'), 'error'),
      },
    );
  };

  return (
    <article
      aria-labelledby={titleId}
      className="space-y-4 rounded-xl border border-surface-border bg-surface-raised p-5"
    >
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={IDEA_STATUS[idea.status].tone}>{statusLabel(idea.status)}</Badge>
          <Badge tone="accent">{categoryLabel(idea.category)}</Badge>
        </div>
        <h2 id={titleId} className="break-words text-lg font-semibold text-ink">
          {idea.title}
        </h2>
        <p className="text-sm text-ink-muted">
          {t('ideas.card.by', {
            name:
              idea.submitted_by === null ? t('ideas.deleted_member') : idea.author_full_name || t('ideas.anonymous'),
          })}{' '}
          ·{' '}
          <time dateTime={idea.submitted_at}>
            {t('ideas.card.submitted_at', { date: formatDate(idea.submitted_at) })}
          </time>
        </p>
      </header>

      <div className="flex items-start gap-2">
        <p id={descriptionId} className="flex-1 whitespace-pre-line break-words text-ink">
          {long && !expanded ? clamp(idea.description) : idea.description}
        </p>
        {long ? (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={descriptionId}
            aria-label={t(expanded ? 'ideas.card.collapse' : 'ideas.card.expand')}
            onClick={() => setExpanded((value) => !value)}
            className="rounded-full border border-surface-border p-1 text-ink-muted hover:border-accent hover:text-accent"
          >
            <ChevronIcon up={expanded} />
          </button>
        ) : null}
      </div>

      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-ink-muted">{t('ideas.card.target_audience')}</dt>
          <dd className="break-words text-ink">{idea.target_audience}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">{t('ideas.card.monetization')}</dt>
          <dd className="break-words text-ink">{idea.monetization_strategy}</dd>
        </div>
      </dl>

      {images.length > 0 ? (
        <ul aria-label={t('ideas.card.images')} className="flex flex-wrap gap-2">
          {images.map((src, index) => (
            <li key={src}>
              <button
                type="button"
                onClick={() => setShown(index)}
                aria-label={t('ideas.card.open_image', { n: index + 1, count: images.length })}
                className="block overflow-hidden rounded-lg border border-surface-border hover:border-accent"
              >
                <img src={src} alt="" loading="lazy" className="h-20 w-20 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {idea.webhook_response ? <WebhookFeedback feedback={idea.webhook_response} /> : null}

      <StarRating
        title={idea.title}
        score={Number(idea.score)}
        votesCount={idea.votes_count}
        userVote={idea.user_vote}
        onVote={castVote}
        pending={vote.isPending}
      />

      {user && idea.submitted_by === user.id && idea.status === 'pending' ? <IdeaWithdrawAction idea={idea} /> : null}

      {isAdmin ? <IdeaAdminActions idea={idea} /> : null}

      <IdeaComments ideaId={idea.id} title={idea.title} count={idea.comments_count} />

      <ImageLightbox
        title={idea.title}
        images={images}
        index={shown}
        onIndexChange={setShown}
        onClose={() => setShown(null)}
      />
    </article>
  );
}
