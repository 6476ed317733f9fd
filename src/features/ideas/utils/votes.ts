import { t } from '@/i18n/ideas';

const plural = new Intl.PluralRules('pl-PL');

/** '1 głos', '3 głosy', '5 głosów' (Polish plural forms). */
export function votesLabel(count: number): string {
  const form = plural.select(count);
  if (form === 'one') return t('ideas.vote.count_one', { count });
  if (form === 'few') return t('ideas.vote.count_few', { count });
  return t('ideas.vote.count_many', { count });
}

/** The average after one more vote, rounded to 2 decimals like the server (for the optimistic view). */
export function averageWith(score: number, votes: number, vote: number): number {
  return Math.round(((score * votes + vote) / (votes + 1)) * 100) / 100;
}

const scoreFormatter = new Intl.NumberFormat('pl-PL', { minimumFractionDigits: 1, maximumFractionDigits: 2 });

export const formatScore = (score: number) => scoreFormatter.format(score);
