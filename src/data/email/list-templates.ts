import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { emailKeys } from './keys';

export type TemplateVariable = { name: string; description?: string; example?: string };

/** RPC admin_list_email_templates: every template, with used_by_hook for the send-email hook's own. */
export async function listTemplates(client: AppSupabaseClient, signal?: AbortSignal) {
  let request = client.rpc('admin_list_email_templates');
  if (signal) request = request.abortSignal(signal);
  return unwrap(await request).map((row) => ({
    ...row,
    variables: Array.isArray(row.variables) ? (row.variables as TemplateVariable[]) : [],
  }));
}

export type EmailTemplate = Awaited<ReturnType<typeof listTemplates>>[number];

export const templatesQueryOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  queryOptions({
    queryKey: emailKeys.templates(),
    queryFn: async ({ signal }) => listTemplates(await getClient(), signal),
  });

export function useEmailTemplates() {
  const { getClient } = useSupabase();
  return useQuery(templatesQueryOptions(getClient));
}
