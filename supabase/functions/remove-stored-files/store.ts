// The removal queue and Storage as remove-stored-files sees them: three RPCs only service_role may
// call (migration 20261122002000_privacy.sql) and Storage's remove through supabase-js. Interfaces,
// so the handler is tested without a database or a Storage server.
import type { SupabaseClient } from '@supabase/supabase-js';

export interface QueuedFile {
  id: number;
  bucket_id: string;
  name: string;
  attempts: number;
}

export interface RemovalQueue {
  /** Claims up to `limit` due files (leased for 5 minutes, the attempt counted). */
  claim(limit: number): Promise<QueuedFile[]>;
  /** The file is gone: its row goes. */
  complete(id: number): Promise<void>;
  /** This attempt failed; `error` must never hold a secret. Retried with backoff. */
  fail(id: number, error: string): Promise<void>;
  /** Reports the run to the health view (record_job_run, job 'remove-stored-files'). */
  recordRun?(ok: boolean, error: string | null): Promise<void>;
}

export interface FileRemover {
  /**
   * Removes files of one bucket through the Storage API (DELETE /storage/v1/object/{bucket} with
   * their names). Resolves when Storage answered; a file that was already gone is no error (Storage
   * lists only what it removed). Rejects when Storage refused or could not be reached.
   */
  remove(bucket: string, names: string[]): Promise<void>;
}

export class StoreError extends Error {
  override name = 'StoreError';
}

export function supabaseRemovalQueue(client: SupabaseClient): RemovalQueue {
  const call = async (fn: string, args: Record<string, unknown>) => {
    const { data, error } = await client.rpc(fn, args);
    if (error) throw new StoreError(`${fn} failed: ${error.message}`);
    return data as unknown;
  };
  return {
    async claim(limit) {
      const rows = await call('claim_storage_removals', { p_limit: limit });
      return Array.isArray(rows) ? (rows as QueuedFile[]) : [];
    },
    async complete(id) {
      await call('complete_storage_removal', { p_id: id });
    },
    async fail(id, error) {
      await call('fail_storage_removal', { p_id: id, p_error: error });
    },
    async recordRun(ok, error) {
      await call('record_job_run', { p_job: 'remove-stored-files', p_ok: ok, p_error: error });
    },
  };
}

export function supabaseFileRemover(client: SupabaseClient): FileRemover {
  return {
    async remove(bucket, names) {
      const { error } = await client.storage.from(bucket).remove(names);
      if (error) throw new StoreError(`Storage refused the removal: ${error.message}`);
    },
  };
}
