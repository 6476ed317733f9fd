import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { getAccountStatus } from './get-account-status';
import { authKeys } from './keys';
import { signUp, type SignUpInput } from './sign-up';
import { validateReferralCode } from './validate-referral-code';

/**
 * What registering led to: the activation e-mail was sent; the e-mail belongs to an activated
 * account; to an account waiting for activation (the resend panel); or the referral code is unknown.
 */
export type RegisterOutcome = 'sent' | 'already_active' | 'not_activated' | 'invalid_referral_code';

/**
 * Registration after the form's checks: the e-mail's account status and the referral code are
 * checked together, then the account is created (product.md#account-4, registration flow).
 */
export async function register(client: AppSupabaseClient, input: SignUpInput): Promise<RegisterOutcome> {
  const code = input.referralCode.trim();
  const [status, codeValid] = await Promise.all([
    getAccountStatus(client, input.email),
    code ? validateReferralCode(client, code) : Promise.resolve(true),
  ]);
  if (status === 'active') return 'already_active';
  if (status === 'not_activated') return 'not_activated';
  if (!codeValid) return 'invalid_referral_code';
  await signUp(client, input);
  return 'sent';
}

export const registerMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: authKeys.register(),
    mutationFn: async (input: SignUpInput) => register(await getClient(), input),
  });

export function useRegister() {
  const { getClient } = useSupabase();
  return useMutation(registerMutationOptions(getClient));
}
