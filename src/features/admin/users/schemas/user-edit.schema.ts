import { z } from 'zod/mini';
import { Constants } from '@/types/database.types';

/** The server's phone rule (profiles): optional, E.164. */
const E164 = /^\+[1-9]\d{6,14}$/;

/** User edit modal: full name 2–100 characters, phone optional (E.164), a level, e-mail confirmed. */
export const userEditSchema = z.object({
  fullName: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'profile.full_name_required' }),
      z.minLength(2, { error: 'profile.full_name_length' }),
      z.maxLength(100, { error: 'profile.full_name_length' }),
    ),
  phone: z.string().check(z.refine((value) => value === '' || E164.test(value), { error: 'profile.phone_invalid' })),
  level: z.enum(Constants.public.Enums.membership_level),
  emailConfirmed: z.boolean(),
});

export type UserEditValues = z.output<typeof userEditSchema>;
