import { z } from 'zod/mini';
import { fullName } from '@/lib/validation/full-name';
import { E164_PHONE_PATTERN } from '@/lib/validation/phone';
import { Constants } from '@/types/database.types';

/** User edit modal: full name 2–100 characters, phone optional (E.164), a level and its end date, e-mail confirmed. */
export const userEditSchema = z.object({
  fullName: fullName(),
  /** The server's phone rule (profiles): optional, E.164. */
  phone: z
    .string()
    .check(z.refine((value) => value === '' || E164_PHONE_PATTERN.test(value), { error: 'profile.phone_invalid' })),
  level: z.enum(Constants.public.Enums.membership_level),
  emailConfirmed: z.boolean(),
  /** The last day of the paid level (YYYY-MM-DD from the date input), or '' for no end date. */
  validUntil: z
    .string()
    .check(z.refine((value) => value === '' || isCalendarDate(value), { error: 'validation.user.valid_until' })),
});

/** A real day written YYYY-MM-DD (2027-02-30 is not), within the years a date input allows. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 2000 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

export type UserEditValues = z.output<typeof userEditSchema>;
