import { z } from 'zod/mini';
import { fullName } from '@/lib/validation/full-name';
import { E164_PHONE_PATTERN } from '@/lib/validation/phone';
import { Constants } from '@/types/database.types';

/** User edit modal: full name 2–100 characters, phone optional (E.164), a level, e-mail confirmed. */
export const userEditSchema = z.object({
  fullName: fullName(),
  /** The server's phone rule (profiles): optional, E.164. */
  phone: z
    .string()
    .check(z.refine((value) => value === '' || E164_PHONE_PATTERN.test(value), { error: 'profile.phone_invalid' })),
  level: z.enum(Constants.public.Enums.membership_level),
  emailConfirmed: z.boolean(),
});

export type UserEditValues = z.output<typeof userEditSchema>;
