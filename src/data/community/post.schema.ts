import { z } from 'zod/mini';
import { lazySchema } from '@/lib/validation/lazy-schema';
import { Constants, type Database } from '@/types/database.types';

export type ReactionType = Database['public']['Enums']['reaction_type'];
/** like, love, fire, clap (docs/decisions.md): the order the bar shows them in. */
export const REACTION_TYPES: readonly ReactionType[] = Constants.public.Enums.reaction_type;

/**
 * get_posts' reaction_counts is JSON {type: count}: every known type, 0 when missing. Built on the
 * first answer: the menu's prefetch puts the fetcher in the shell's chunk (lib/validation/lazy-schema.ts).
 */
export const reactionCountsSchema = lazySchema(() =>
  z.pipe(
    z.custom<Record<string, unknown>>(
      (value) =>
        typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        Object.values(value).every((count) => Number.isInteger(count) && (count as number) >= 0),
    ),
    z.transform(
      (counts) =>
        Object.fromEntries(
          REACTION_TYPES.map((type) => [type, typeof counts[type] === 'number' ? counts[type] : 0]),
        ) as Record<ReactionType, number>,
    ),
  ),
);

/** Comments: at most 2000 characters; blank text is ignored, not sent. */
export const commentSchema = lazySchema(() =>
  z.object({
    content: z.string().check(z.refine((value) => value.length <= 2000, { error: 'community.comment_too_long' })),
  }),
);
