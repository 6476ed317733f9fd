import { z } from 'zod';
import { Constants, type Database } from '@/types/database.types';

export type ReactionType = Database['public']['Enums']['reaction_type'];
/** like, love, fire, clap (docs/decisions.md): the order the bar shows them in. */
export const REACTION_TYPES: readonly ReactionType[] = Constants.public.Enums.reaction_type;

const count = z.number().int().nonnegative();

/** get_posts' reaction_counts is JSON {type: count}: every known type, 0 when missing. */
export const reactionCountsSchema = z
  .record(z.string(), count)
  .transform(
    (counts) =>
      Object.fromEntries(REACTION_TYPES.map((type) => [type, counts[type] ?? 0])) as Record<ReactionType, number>,
  );

/** Comments: at most 2000 characters; blank text is ignored, not sent. */
export const commentSchema = z.object({
  content: z.string().max(2000, 'community.comment_too_long'),
});

export type CommentInput = z.infer<typeof commentSchema>;
