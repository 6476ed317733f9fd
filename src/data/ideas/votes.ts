import { t } from '@/i18n/ideas';
import { pluralKey } from '@/lib/plural';

/** '1 głos', '3 głosy', '5 głosów' (Polish plural forms, lib/plural.ts). */
export function votesLabel(count: number): string {
  return t(
    pluralKey(count, { one: 'ideas.vote.count_one', few: 'ideas.vote.count_few', many: 'ideas.vote.count_many' }),
    {
      count,
    },
  );
}

/** The average after one more vote, rounded to 2 decimals like the server (for the optimistic view). */
export function averageWith(score: number, votes: number, vote: number): number {
  return Math.round(((score * votes + vote) / (votes + 1)) * 100) / 100;
}

const scoreFormatter = new Intl.NumberFormat('pl-PL', { minimumFractionDigits: 1, maximumFractionDigits: 2 });

export const formatScore = (score: number) => scoreFormatter.format(score);
