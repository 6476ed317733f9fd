import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { AppError, unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import type { TablesInsert } from '@/types/database.types';
import { emailKeys } from './keys';

export type TemplateFields = Pick<
  TablesInsert<'email_templates'>,
  'name' | 'subject' | 'html_content' | 'text_content' | 'variables' | 'smtp_config_id'
>;

/** email_templates insert (id null) or update by id. */
export async function saveTemplate(client: AppSupabaseClient, input: { id: string | null; fields: TemplateFields }) {
  if (input.id === null) {
    return unwrap(await client.from('email_templates').insert(input.fields).select('id').single());
  }
  const row = unwrap(
    await client.from('email_templates').update(input.fields).eq('id', input.id).select('id').maybeSingle(),
  );
  if (!row) throw new AppError('http.not_found');
  return row;
}

export const saveTemplateMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: emailKeys.saveTemplate(),
    mutationFn: async (input: { id: string | null; fields: TemplateFields }) => saveTemplate(await getClient(), input),
  });

export function useSaveTemplate() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...saveTemplateMutationOptions(getClient),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailKeys.all }),
  });
}
