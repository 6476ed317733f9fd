import { z } from 'zod/mini';
import { oneTimeCode } from '@/lib/validation/one-time-code';

/** The word the member types to confirm (the database asks for the same one). */
export const DELETE_CONFIRMATION = 'USUŃ';

/**
 * 'Usuń konto': the password (checked by the database), with two-factor sign-in the 6-digit code
 * (verified by Auth first), and the typed word 'USUŃ' in capitals.
 */
export function deleteAccountSchema(needsCode: boolean) {
  return z.object({
    password: z.string().check(z.minLength(1, { error: 'validation.privacy.password_required' })),
    code: needsCode ? oneTimeCode() : z.string(),
    confirmation: z.string().check(
      z.trim(),
      z.refine((value) => value === DELETE_CONFIRMATION, { error: 'validation.privacy.confirm_word' }),
    ),
  });
}

export type DeleteAccountValues = z.output<ReturnType<typeof deleteAccountSchema>>;
