// The outbox as the sender sees it: three RPCs that only service_role may call
// (migration 20261122001100_email.sql). An interface, so the handler is tested without a database.
import type { SupabaseClient } from '@supabase/supabase-js';

export interface OutboxEmail {
  id: number;
  template: string;
  to_email: string;
  /** The values the queuing function stored (fname included); non-strings are rendered as text. */
  variables: Record<string, unknown>;
  attempts: number;
}

export interface OutboxStore {
  /** Claims up to `limit` due e-mails (leased for 5 minutes, the attempt counted). */
  claim(limit: number): Promise<OutboxEmail[]>;
  complete(id: number): Promise<void>;
  /** Records the failed attempt; `error` must never hold a secret. */
  fail(id: number, error: string): Promise<void>;
  /**
   * Reports the run to the health view (RPC record_job_run, job 'send-outbox'): success or the
   * reason it stopped (never a secret), with the SMTP target policy in force. Optional: a store
   * without it (tests) reports nothing.
   */
  recordRun?(ok: boolean, error: string | null, details: Record<string, unknown>): Promise<void>;
}

export class OutboxStoreError extends Error {
  override name = 'OutboxStoreError';
}

export function supabaseOutboxStore(client: SupabaseClient): OutboxStore {
  const call = async (fn: string, args: Record<string, unknown>) => {
    const { data, error } = await client.rpc(fn, args);
    if (error) throw new OutboxStoreError(`${fn} failed: ${error.message}`);
    return data as unknown;
  };
  return {
    async claim(limit) {
      const rows = await call('claim_email_outbox', { p_limit: limit });
      return Array.isArray(rows) ? (rows as OutboxEmail[]) : [];
    },
    async complete(id) {
      await call('complete_email_outbox', { p_id: id });
    },
    async fail(id, error) {
      await call('fail_email_outbox', { p_id: id, p_error: error });
    },
    async recordRun(ok, error, details) {
      await call('record_job_run', { p_job: 'send-outbox', p_ok: ok, p_error: error, p_details: details });
    },
  };
}
