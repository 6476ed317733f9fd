// What the idea-webhook function reads and writes, behind interfaces so the handler can be tested
// without Auth or a database: the caller's user id (Auth checks the JWT) and the idea (read and
// its feedback stored with the service role, which no browser role has).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

export interface IdeaRecord {
  id: string;
  title: string;
  description: string;
  category: string;
  target_audience: string;
  monetization_strategy: string;
  submitted_by: string;
  submitted_at: string;
  status: 'pending' | 'approved' | 'rejected';
  image_urls: string[];
  webhook_response: string | null;
}

export interface IdeaStore {
  find(id: string): Promise<IdeaRecord | null>;
  /**
   * Claims a pending idea without feedback for one call of the service (RPC claim_idea_webhook,
   * atomic in the database): true for the one caller that got it.
   */
  claim(id: string): Promise<boolean>;
  /** Stores the feedback if the idea is still pending and has none; false when nothing changed. */
  storeFeedback(id: string, feedback: string): Promise<boolean>;
  /**
   * An admin's retry of a failed call: RPC admin_retry_idea_webhook with the caller's own token (the
   * database decides who may, aal2 included), which clears the failed answer so the idea can be sent
   * again. 'forbidden' for anyone but an admin, 'not_failed' when the idea has no failed answer.
   */
  reopen(token: string, id: string): Promise<'reopened' | 'forbidden' | 'not_failed'>;
}

export interface UserResolver {
  /** The user id of a valid access token, or null when Auth refuses it. */
  userIdFromToken(token: string): Promise<string | null>;
}

const IDEA_COLUMNS =
  'id, title, description, category, target_audience, monetization_strategy, submitted_by, submitted_at, status, image_urls, webhook_response';

const serverOptions = (fetchImpl?: typeof fetch) => ({
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  ...(fetchImpl ? { global: { fetch: fetchImpl } } : {}),
});

export function supabaseIdeaStore(
  supabaseUrl: string,
  serviceRoleKey: string,
  fetchImpl?: typeof fetch,
  anonKey = '',
): IdeaStore {
  const client: SupabaseClient = createClient(supabaseUrl, serviceRoleKey, serverOptions(fetchImpl));
  return {
    async find(id) {
      const { data, error } = await client.from('app_ideas').select(IDEA_COLUMNS).eq('id', id).maybeSingle();
      if (error) throw new Error(`reading the idea failed: ${error.message}`);
      return (data as IdeaRecord | null) ?? null;
    },
    async claim(id) {
      const { data, error } = await client.rpc('claim_idea_webhook', { p_idea_id: id });
      if (error) throw new Error(`claiming the idea failed: ${error.message}`);
      return data === true;
    },
    async storeFeedback(id, feedback) {
      const { data, error } = await client
        .from('app_ideas')
        .update({ webhook_response: feedback })
        .eq('id', id)
        .eq('status', 'pending')
        .is('webhook_response', null)
        .select('id');
      if (error) throw new Error(`storing the feedback failed: ${error.message}`);
      return (data ?? []).length > 0;
    },
    async reopen(token, id) {
      // As the caller: PostgREST checks the token and the database its admin right.
      const caller = createClient(supabaseUrl, anonKey, {
        ...serverOptions(fetchImpl),
        global: { ...(fetchImpl ? { fetch: fetchImpl } : {}), headers: { Authorization: `Bearer ${token}` } },
      });
      const { error } = await caller.rpc('admin_retry_idea_webhook', { p_idea_id: id });
      if (!error) return 'reopened';
      if (error.message === 'ideas.webhook_not_failed') return 'not_failed';
      if (error.code === '42501' || error.message === 'auth.forbidden') return 'forbidden';
      throw new Error(`reopening the idea failed: ${error.message}`);
    },
  };
}

export function supabaseUserResolver(supabaseUrl: string, anonKey: string, fetchImpl?: typeof fetch): UserResolver {
  const client: SupabaseClient = createClient(supabaseUrl, anonKey, serverOptions(fetchImpl));
  return {
    async userIdFromToken(token) {
      const { data, error } = await client.auth.getUser(token);
      if (error || !data.user) return null;
      return data.user.id;
    },
  };
}
