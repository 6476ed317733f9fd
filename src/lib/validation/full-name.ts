import { z } from 'zod/mini';

/**
 * A member's full name as the database keeps it on profiles (settings' profile form and the admin's
 * user edit): trimmed, required, 2–100 characters.
 */
export const fullName = () =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'profile.full_name_required' }),
      z.minLength(2, { error: 'profile.full_name_length' }),
      z.maxLength(100, { error: 'profile.full_name_length' }),
    );
