import { AppError } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';

/**
 * The edge function idea-webhook (with the member's token): it passes the new idea to the automation
 * service, stores the service's feedback on the idea and returns it. The service's address never
 * reaches the browser, and only the function writes the feedback.
 */
export async function sendIdeaWebhook(client: AppSupabaseClient, ideaId: string): Promise<string> {
  const { data, error } = await client.functions.invoke<{ feedback?: unknown }>('idea-webhook', {
    body: { ideaId },
  });
  if (error) throw error;
  if (typeof data?.feedback !== 'string') throw new AppError('http.unexpected');
  return data.feedback;
}
