import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKeys } from '@/data/audit/keys';
import { ideasKeys } from '@/data/ideas/keys';
import { AppError, toAppError } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabase } from '@/lib/supabase-context';
import { operationsKeys } from './keys';

/**
 * 'Ponów' (the idea-webhook function with the admin's token and retry: the database clears the
 * failed answer, audited, and the function sends the idea to the automation service again). Returns
 * the new feedback, which may be 'Webhook request failed' again.
 */
export async function retryIdeaWebhook(client: AppSupabaseClient, ideaId: string): Promise<string> {
  const { data, error, response } = await client.functions.invoke<{ feedback?: unknown }>('idea-webhook', {
    body: { ideaId, retry: true },
  });
  if (error) {
    // The function's refusal carries the database's key (auth.forbidden, ideas.webhook_not_failed).
    const body = (await response
      ?.clone()
      .json()
      .catch(() => null)) as { error?: { code?: unknown } } | null;
    const code = body?.error?.code;
    if (typeof code === 'string' && /^[a-z_]+\.[a-z_]+$/.test(code)) {
      throw new AppError(code, { status: response?.status, cause: error });
    }
    throw toAppError(error as Error, response?.status);
  }
  if (typeof data?.feedback !== 'string') throw new AppError('http.unexpected');
  return data.feedback;
}

export const retryIdeaWebhookMutationOptions = (getClient: () => Promise<AppSupabaseClient>) =>
  mutationOptions({
    mutationKey: [...operationsKeys.failedIdeaWebhooks(), 'retry'],
    mutationFn: async (ideaId: string) => retryIdeaWebhook(await getClient(), ideaId),
  });

/** The failed calls, the checks, the ideas (their feedback) and the audit trail are read again. */
export function useRetryIdeaWebhook() {
  const { getClient } = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    ...retryIdeaWebhookMutationOptions(getClient),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: operationsKeys.all }),
        queryClient.invalidateQueries({ queryKey: ideasKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]);
    },
  });
}
