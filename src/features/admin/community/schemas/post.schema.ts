import { z } from 'zod/mini';

/** A community post: title up to 200 characters, content up to 10 000 (the table's checks). */
export const adminPostSchema = z.object({
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'validation.post.title_required' }),
      z.maxLength(200, { error: 'validation.post.title_too_long' }),
    ),
  content: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'validation.post.content_required' }),
      z.maxLength(10_000, { error: 'validation.post.content_too_long' }),
    ),
});
