import type { AppSupabaseClient } from '@/lib/supabase';
import { normaliseEmail, redirectUrls } from './redirect-urls';
import { createSignupClaim } from './signup-claim';

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
 * profile (which keeps the name, phone and referral: they are removed from Auth's metadata),
 * settings, wallet and referral (docs/decisions.md), then the send-email hook sends the activation
 * link to /activate. The data carries the hash of this browser's claim secret, with which the
 * activation gets the password back (utils/signup-claim.ts).
 */
export async function signUp(client: AppSupabaseClient, input: SignUpInput): Promise<void> {
  const email = normaliseEmail(input.email);
  const { error } = await client.auth.signUp({
    email,
    password: input.password,
    options: {
      data: {
        full_name: input.name.trim(),
        phone: input.phone.trim(),
        referral_code: input.referralCode.trim().toUpperCase() || null,
        signup_claim: await createSignupClaim(email),
      },
      emailRedirectTo: redirectUrls.activate(),
      captchaToken: input.captchaToken,
    },
  });
  if (error) throw error;
}
