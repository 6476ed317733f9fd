import { AppError, toAppError } from '@/lib/errors';
import type { AppSupabaseClient } from '@/lib/supabase';

/** The function's answer: the feedback, and the request's id ('identyfikator zdarzenia') when it sent one. */
export type WebhookAnswer = { feedback: string; requestId: string | null };

/** The id an edge function's answer carries (x-request-id, issue 40 §3), if it is well formed. */
function requestIdOf(response: Response | undefined): string | null {
  const id = response?.headers.get('x-request-id') ?? null;
  return id && /^[A-Za-z0-9._:-]{1,128}$/.test(id) ? id : null;
}

/**
 * The edge function idea-webhook (with the member's token): it passes the new idea to the automation
 * service, stores the service's feedback on the idea and returns it. The service's address never
 * reaches the browser, and only the function writes the feedback. The answer's request id leads an
 * admin to the function's log line and the audit row of the stored feedback.
 */
export async function sendIdeaWebhook(client: AppSupabaseClient, ideaId: string): Promise<WebhookAnswer> {
  const { data, error, response } = await client.functions.invoke<{ feedback?: unknown }>('idea-webhook', {
    body: { ideaId },
  });
  // A failed call: the error carries the call's id (lib/errors: the traced fetch remembered it).
  if (error) throw toAppError(error as Error, response?.status);
  if (typeof data?.feedback !== 'string') throw new AppError('http.unexpected');
  return { feedback: data.feedback, requestId: requestIdOf(response) };
}
