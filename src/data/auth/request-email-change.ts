import { mutationOptions, useMutation } from '@tanstack/react-query';
import { env } from '@/config/env';
import { EMAIL_CHANGE_QUERY, paths } from '@/config/paths';
import { settingsKeys } from '@/data/profile/keys';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';

/** Where the confirmation links lead back: the settings page with ?email_change=1 (Auth adds ?message= or ?code=). */
export function emailChangeRedirectUrl(): string {
  return `${env.siteUrl}${paths.dashboard.settings.path}?${EMAIL_CHANGE_QUERY}=1`;
}

/**
 * The change-e-mail modal (product.md#dashboard-7): RPC request_email_change {p_new_email} checks and
 * normalises the address (lower case, not the current one, not taken), then auth.updateUser({ email })
 * makes Auth send the confirmation e-mails (to the current and the new address, through the
 * send-email hook). The profile follows when Auth confirms the change. Returns the new address.
 */
export async function requestEmailChange(client: AppSupabaseClient, newEmail: string): Promise<string> {
  const email = unwrap(await client.rpc('request_email_change', { p_new_email: newEmail.trim().toLowerCase() }));
  const { error } = await client.auth.updateUser({ email }, { emailRedirectTo: emailChangeRedirectUrl() });
  if (error) throw error;
  return email;
}

export const requestEmailChangeMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: settingsKeys.emailChange(),
    mutationFn: async (newEmail: string) => requestEmailChange(await getClient(), newEmail),
  });

export function useRequestEmailChange() {
  const { getClient } = useSupabase();
  return useMutation(requestEmailChangeMutationOptions(getClient));
}
