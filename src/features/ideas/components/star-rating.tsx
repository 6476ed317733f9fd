import { useState } from 'react';
import { formatScore, votesLabel } from '@/data/ideas/votes';
import { t } from '@/i18n/ideas';
import { StarIcon } from './icons';

const STARS = [1, 2, 3, 4, 5] as const;

type StarRatingProps = {
  title: string;
  score: number;
  votesCount: number;
  /** The member's vote, or null: with a vote the stars are locked (product.md#dashboard-2 Ideas). */
  userVote: number | null;
  onVote: (score: number) => void;
  /** While a vote is being sent. */
  pending?: boolean;
};

/**
 * The 1-5 star vote. Before voting each star is a button ('Oceń na 3 z 5'); after voting they show
 * the member's score, cannot be pressed again and say 'Już zagłosowałeś'. The average and the
 * number of votes stand beside them.
 */
export function StarRating({ title, score, votesCount, userVote, onVote, pending = false }: StarRatingProps) {
  const [hovered, setHovered] = useState<number | null>(null);
  const locked = userVote !== null;
  const lit = locked ? userVote : (hovered ?? 0);

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <div
        role="group"
        aria-label={t('ideas.vote.group', { title })}
        className="flex items-center"
        onPointerLeave={() => setHovered(null)}
      >
        {STARS.map((n) => (
          <button
            key={n}
            type="button"
            disabled={locked || pending}
            aria-label={t('ideas.vote.star', { n })}
            aria-pressed={locked ? userVote === n : undefined}
            onClick={() => onVote(n)}
            onPointerEnter={() => setHovered(n)}
            onFocus={() => setHovered(n)}
            onBlur={() => setHovered(null)}
            className={`rounded p-0.5 transition-colors enabled:hover:scale-110 disabled:cursor-default ${
              n <= lit ? 'text-accent' : 'text-ink-faint'
            }`}
          >
            <StarIcon filled={n <= lit} />
          </button>
        ))}
      </div>
      <p className="text-sm text-ink-muted">
        <span className="sr-only">{t('ideas.vote.average', { score: formatScore(score) })}</span>
        <span aria-hidden="true">★ {formatScore(score)}</span> · {votesLabel(votesCount)}
      </p>
      {locked ? (
        <p className="text-sm font-medium text-accent">
          {t('ideas.already_voted')}
          <span className="sr-only"> {t('ideas.vote.yours', { n: userVote })}</span>
        </p>
      ) : null}
    </div>
  );
}
