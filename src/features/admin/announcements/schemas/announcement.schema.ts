import { z } from 'zod/mini';

/** Announcement (product.md#dashboard-5): content required; at most 2000 characters (the table's limit). */
export const announcementSchema = z.object({
  content: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'validation.announcement.required' }),
      z.maxLength(2000, { error: 'validation.announcement.too_long' }),
    ),
});
