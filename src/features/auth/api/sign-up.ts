import type { AppSupabaseClient } from '@/lib/supabase';
import { normaliseEmail, redirectUrls } from '../utils/redirect-urls';

export type SignUpInput = {
  email: string;
  password: string;
  name: string;
  phone: string;
  referralCode: string;
  captchaToken: string;
};

/**
 * POST /signup. Atomic on the server: one transaction creates the user and, by triggers, the
 * profile, settings, wallet and referral (docs/decisions.md), then the send-email hook sends the
 * activation link to /activate.
 */
export async function signUp(client: AppSupabaseClient, input: SignUpInput): Promise<void> {
  const { error } = await client.auth.signUp({
    email: normaliseEmail(input.email),
    password: input.password,
    options: {
      data: {
        full_name: input.name.trim(),
        phone: input.phone.trim(),
        referral_code: input.referralCode.trim().toUpperCase() || null,
      },
      emailRedirectTo: redirectUrls.activate(),
      captchaToken: input.captchaToken,
    },
  });
  if (error) throw error;
}
