import { z } from 'zod/mini';

/**
 * A display name that passes for the club's staff: a word starting with "admin" or "moderat", in any
 * case ('Administrator Klubu', 'admin', 'Moderator Ania'; not 'Badminton'). The database reserves
 * them for admin accounts (private.is_reserved_display_name, the same rule).
 */
export function isReservedDisplayName(name: string): boolean {
  return /(^|[^\p{L}])(admin|moderat)/iu.test(name);
}

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
