import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { AppError, unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { emailKeys } from './keys';

/** smtp_configs delete by id (templates that used it fall back to the default configuration). */
export async function deleteSmtpConfig(client: AppSupabaseClient, id: string) {
  const row = unwrap(await client.from('smtp_configs').delete().eq('id', id).select('id').maybeSingle());
  if (!row) throw new AppError('http.not_found');
}

export const deleteSmtpConfigMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: emailKeys.deleteSmtp(),
    mutationFn: async (id: string) => deleteSmtpConfig(await getClient(), id),
  });

export function useDeleteSmtpConfig() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteSmtpConfigMutationOptions(getClient),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailKeys.all }),
  });
}
