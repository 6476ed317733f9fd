import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { emailKeys } from './keys';

/** RPC admin_list_smtp_configs (the SMTP tab and the e-mail templates' sender choice): every configuration, the password masked ('••••••••', null when none). */
export async function listSmtpConfigs(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client.rpc('admin_list_smtp_configs');
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request);
}

export type SmtpConfig = Awaited<ReturnType<typeof listSmtpConfigs>>[number];

export const smtpConfigsQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: emailKeys.smtp(),
    queryFn: async ({ signal }) => listSmtpConfigs(await getClient(), signal),
  });

export function useSmtpConfigs() {
  const { getClient } = useSupabase();
  return useQuery(smtpConfigsQueryOptions(getClient));
}
