import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { AppError, unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { emailKeys } from './keys';

/** email_templates delete by id; the database refuses the hook's templates (templates.hook_template_protected). */
export async function deleteTemplate(client: AppSupabaseClient, id: string) {
  const row = unwrap(await client.from('email_templates').delete().eq('id', id).select('id').maybeSingle());
  if (!row) throw new AppError('http.not_found');
}

export const deleteTemplateMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: emailKeys.deleteTemplate(),
    mutationFn: async (id: string) => deleteTemplate(await getClient(), id),
  });

export function useDeleteTemplate() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteTemplateMutationOptions(getClient),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailKeys.all }),
  });
}
