// remove-stored-files: removes the stored files of erased accounts (avatars, idea images) through
// the Storage API, after the erasure committed (Storage objects are never deleted from SQL). The
// erasure queued them in private.storage_removals; each run claims them, removes them bucket by
// bucket and marks them done, or records the failure so the file is tried again with backoff (1, 2,
// 4 … minutes, at most an hour) until Storage confirms. Called every minute by pg_cron + pg_net on
// hosted Supabase and by the local stack's scheduled jobs (supabase/scheduled-jobs.json), always
// with the service role key. Pure apart from its dependencies: request in, response out.
//
//   200 { claimed, removed, failed }   the run finished (failed files are retried later)
//   401                                no service role key in Authorization
//   405                                not POST
//   500                                misconfigured (names the variable) or the queue could not be read
import { bearerToken, consoleLogger, jsonResponse, type Logger } from '../_shared/http.ts';
import { noteRequest } from '../_shared/request.ts';
import type { FileRemover, QueuedFile, RemovalQueue } from './store.ts';

export interface RemoveStoredFilesSettings {
  supabaseUrl: string;
  serviceRoleKey: string;
  problems: string[];
}

export interface RemoveStoredFilesDeps {
  settings: RemoveStoredFilesSettings;
  queue: RemovalQueue;
  storage: FileRemover;
  logger?: Logger;
  /** Files claimed at a time (Storage removes up to 1 000 names per call; 100 keeps a call short). */
  batchSize?: number;
  /** Stop claiming after this many ms (a run stays well inside the platform's wall-clock limit). */
  budgetMs?: number;
  now?: () => number;
}

export const DEFAULT_BATCH_SIZE = 100;
export const DEFAULT_BUDGET_MS = 40_000;

export function settingsFromEnv(env: (name: string) => string | undefined): RemoveStoredFilesSettings {
  const read = (name: string) => env(name)?.trim() ?? '';
  const problems: string[] = [];
  const supabaseUrl = read('SUPABASE_URL').replace(/\/+$/, '');
  const serviceRoleKey = read('SUPABASE_SERVICE_ROLE_KEY');
  if (!/^https?:\/\/\S+$/.test(supabaseUrl)) problems.push('SUPABASE_URL is not set or not an http(s) URL');
  if (!serviceRoleKey) problems.push('SUPABASE_SERVICE_ROLE_KEY is not set');
  return { supabaseUrl, serviceRoleKey, problems };
}

/** Constant-time comparison of two strings (the bearer token against the service role key). */
function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  let difference = a.length ^ b.length;
  for (let index = 0; index < b.length; index++) difference |= (a[index] ?? 0) ^ (b[index] ?? 0);
  return difference === 0 && b.length > 0;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

export function createRemoveStoredFilesHandler(deps: RemoveStoredFilesDeps): (request: Request) => Promise<Response> {
  const logger = deps.logger ?? consoleLogger('remove-stored-files');
  const now = deps.now ?? Date.now;
  const batchSize = deps.batchSize ?? DEFAULT_BATCH_SIZE;
  const budgetMs = deps.budgetMs ?? DEFAULT_BUDGET_MS;
  const { settings, queue, storage } = deps;

  /** The health view's record of the run; a failure to record it is logged, never the run's failure. */
  const recordRun = async (ok: boolean, error: string | null) => {
    if (!queue.recordRun) return;
    try {
      await queue.recordRun(ok, error);
    } catch (recordError) {
      logger.error(`recording the run failed: ${describe(recordError)}`);
    }
  };

  /** One bucket's files of a batch: one Storage call; its answer decides for all of them. */
  const removeBucket = async (bucket: string, files: QueuedFile[], result: { removed: number; failed: number }) => {
    try {
      await storage.remove(
        bucket,
        files.map((file) => file.name),
      );
    } catch (error) {
      const reason = describe(error);
      logger.error(`${files.length} file(s) of ${bucket} not removed: ${reason}`);
      result.failed += files.length;
      for (const file of files) await queue.fail(file.id, reason);
      return;
    }
    for (const file of files) await queue.complete(file.id);
    result.removed += files.length;
  };

  return async (request) => {
    if (request.method !== 'POST') return jsonResponse(405, { error: 'Method not allowed: use POST' });
    if (settings.problems.length > 0) {
      logger.error(`misconfigured: ${settings.problems.join('; ')}`);
      return jsonResponse(500, { error: `remove-stored-files is misconfigured: ${settings.problems.join('; ')}` });
    }
    if (!sameSecret(bearerToken(request) ?? '', settings.serviceRoleKey)) {
      return jsonResponse(401, { error: 'Unauthorized' });
    }
    const started = now();
    const result = { claimed: 0, removed: 0, failed: 0 };
    try {
      while (now() - started < budgetMs) {
        const batch = await queue.claim(batchSize);
        result.claimed += batch.length;
        const byBucket = new Map<string, QueuedFile[]>();
        for (const file of batch) byBucket.set(file.bucket_id, [...(byBucket.get(file.bucket_id) ?? []), file]);
        for (const [bucket, files] of byBucket) await removeBucket(bucket, files, result);
        if (batch.length < batchSize) break;
      }
    } catch (error) {
      const reason = describe(error);
      logger.error(`run stopped: ${reason}`);
      await recordRun(false, `run stopped: ${reason}`);
      return jsonResponse(500, { error: 'The removal queue could not be read or updated', ...result });
    }
    if (result.claimed > 0) logger.info(`${result.removed} removed, ${result.failed} failed`);
    await recordRun(true, null);
    noteRequest({ result: `claimed ${result.claimed}, removed ${result.removed}, failed ${result.failed}` });
    return jsonResponse(200, result);
  };
}
