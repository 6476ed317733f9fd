import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { AppError, unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { emailKeys } from './keys';

export type SmtpConfigInput = {
  /** null creates a configuration. */
  id: string | null;
  name: string;
  host: string;
  port: number;
  username: string;
  /** '' keeps the stored password (on edit). */
  password: string;
  fromEmail: string;
  fromName: string;
  isDefault: boolean;
};

/**
 * RPC admin_upsert_smtp_config: creates or updates; the password travels only towards the database
 * and comes back masked. Making one default clears the others.
 */
export async function saveSmtpConfig(client: AppSupabaseClient, input: SmtpConfigInput) {
  const rows = unwrap(
    await client.rpc('admin_upsert_smtp_config', {
      p_id: input.id ?? undefined,
      p_name: input.name,
      p_host: input.host,
      p_port: input.port,
      p_username: input.username,
      p_password: input.password || undefined,
      p_from_email: input.fromEmail,
      p_from_name: input.fromName,
      p_is_default: input.isDefault,
    }),
  );
  const saved = rows[0];
  if (!saved) throw new AppError('smtp.not_found');
  return saved;
}

export const saveSmtpConfigMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: emailKeys.saveSmtp(),
    mutationFn: async (input: SmtpConfigInput) => saveSmtpConfig(await getClient(), input),
  });

export function useSaveSmtpConfig() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...saveSmtpConfigMutationOptions(getClient),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailKeys.all }),
  });
}
