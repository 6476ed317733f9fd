import { z } from 'zod/mini';
import { Constants } from '@/types/database.types';

export const REQUEST_KINDS = Constants.public.Enums.privacy_request_kind;
export const RECORDED_CHANNELS = ['email', 'letter'] as const;

/**
 * 'Zarejestruj wniosek': a request that came by e-mail or letter: the sender's address (the member
 * is found by it), what it asks for, how and when it came (not in the future, at most a year ago:
 * the database's rule), a note of at most 1000 characters.
 */
export const privacyRequestSchema = z.object({
  email: z
    .string()
    .check(z.trim(), z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'validation.privacy.email' }), z.maxLength(320)),
  kind: z.enum(REQUEST_KINDS, { error: 'validation.privacy.kind' }),
  channel: z.enum(RECORDED_CHANNELS, { error: 'validation.privacy.channel' }),
  receivedOn: z.string().check(
    z.refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value), { error: 'validation.privacy.received' }),
    z.refine(
      (value) => {
        const day = Date.parse(`${value}T12:00:00`);
        return Number.isFinite(day) && day <= Date.now() + 86_400_000 && day >= Date.now() - 365 * 86_400_000;
      },
      { error: 'privacy.invalid_received_at' },
    ),
  ),
  note: z.string().check(z.trim(), z.maxLength(1000, { error: 'validation.privacy.note_max' })),
});

export type PrivacyRequestValues = z.output<typeof privacyRequestSchema>;

/** 'Zrealizowany' / 'Odrzuć': how it was answered, or why refused (required then). */
export const closeNoteSchema = (required: boolean) =>
  z.object({
    note: z
      .string()
      .check(
        z.trim(),
        ...(required ? [z.minLength(1, { error: 'privacy.reason_required' })] : []),
        z.maxLength(1000, { error: 'validation.privacy.note_max' }),
      ),
  });
