// remove-stored-files: only the service role key runs it; each claimed file is removed through
// Storage bucket by bucket and marked done; a refusal is recorded without stopping the other buckets
// and the file stays queued for the next run; batches are claimed until the queue is empty.
import assert from 'node:assert/strict';
import { quietLogger } from '../_shared/http.ts';
import { createRemoveStoredFilesHandler, settingsFromEnv, type RemoveStoredFilesDeps } from './handler.ts';
import type { FileRemover, QueuedFile, RemovalQueue } from './store.ts';

const SERVICE_ROLE_KEY = 'service-role-key';
const settings = { supabaseUrl: 'http://127.0.0.1:54321', serviceRoleKey: SERVICE_ROLE_KEY, problems: [] };

/** The queue in memory, with the RPCs' semantics: a claim takes due rows once; fail leaves the row. */
function memoryQueue(files: Omit<QueuedFile, 'id' | 'attempts'>[], options: { failClaim?: Error } = {}) {
  const rows = files.map((file, index) => ({ ...file, id: index + 1, attempts: 0, claimed: false, gone: false }));
  const failed: { id: number; error: string }[] = [];
  const runs: { ok: boolean; error: string | null }[] = [];
  const claims: number[] = [];
  const queue: RemovalQueue = {
    claim(limit) {
      if (options.failClaim) return Promise.reject(options.failClaim);
      const due = rows.filter((row) => !row.claimed && !row.gone).slice(0, limit);
      for (const row of due) {
        row.claimed = true;
        row.attempts += 1;
      }
      claims.push(due.length);
      return Promise.resolve(due.map(({ id, bucket_id, name, attempts }) => ({ id, bucket_id, name, attempts })));
    },
    complete(id) {
      rows.find((row) => row.id === id)!.gone = true;
      return Promise.resolve();
    },
    fail(id, error) {
      failed.push({ id, error });
      return Promise.resolve();
    },
    recordRun(ok, error) {
      runs.push({ ok, error });
      return Promise.resolve();
    },
  };
  return { queue, rows, failed, runs, claims };
}

/** Storage in memory: the calls it got; a bucket named in `refuse` answers an error. */
function memoryStorage(refuse: Set<string> = new Set()) {
  const calls: { bucket: string; names: string[] }[] = [];
  const storage: FileRemover = {
    remove(bucket, names) {
      calls.push({ bucket, names });
      return refuse.has(bucket) ? Promise.reject(new Error('Storage answered 503')) : Promise.resolve();
    },
  };
  return { storage, calls };
}

function handler(deps: Partial<RemoveStoredFilesDeps> & Pick<RemoveStoredFilesDeps, 'queue' | 'storage'>) {
  return createRemoveStoredFilesHandler({ settings, logger: quietLogger, ...deps });
}

const post = (token = SERVICE_ROLE_KEY) =>
  new Request('http://localhost/functions/v1/remove-stored-files', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });

Deno.test('removes the queued files bucket by bucket and marks them done', async () => {
  const { queue, rows, runs } = memoryQueue([
    { bucket_id: 'avatars', name: 'u1/a.png' },
    { bucket_id: 'idea-images', name: 'u1/b.png' },
    { bucket_id: 'avatars', name: 'u1/c.png' },
  ]);
  const { storage, calls } = memoryStorage();
  const response = await handler({ queue, storage })(post());
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { claimed: 3, removed: 3, failed: 0 });
  assert.deepEqual(calls, [
    { bucket: 'avatars', names: ['u1/a.png', 'u1/c.png'] },
    { bucket: 'idea-images', names: ['u1/b.png'] },
  ]);
  assert.ok(rows.every((row) => row.gone));
  assert.deepEqual(runs, [{ ok: true, error: null }]);
});

Deno.test('a refused bucket is recorded and stays queued; the other buckets are removed', async () => {
  const { queue, rows, failed } = memoryQueue([
    { bucket_id: 'avatars', name: 'u1/a.png' },
    { bucket_id: 'idea-images', name: 'u1/b.png' },
  ]);
  const { storage } = memoryStorage(new Set(['avatars']));
  const response = await handler({ queue, storage })(post());
  assert.deepEqual(await response.json(), { claimed: 2, removed: 1, failed: 1 });
  assert.deepEqual(failed, [{ id: 1, error: 'Storage answered 503' }]);
  assert.deepEqual(
    rows.map((row) => row.gone),
    [false, true],
  );
});

Deno.test('claims batch after batch until the queue is empty', async () => {
  const files = Array.from({ length: 5 }, (_, index) => ({ bucket_id: 'avatars', name: `u/${index}.png` }));
  const { queue, claims } = memoryQueue(files);
  const { storage } = memoryStorage();
  const response = await handler({ queue, storage, batchSize: 2 })(post());
  assert.deepEqual(await response.json(), { claimed: 5, removed: 5, failed: 0 });
  assert.deepEqual(claims, [2, 2, 1]);
});

Deno.test('only the service role key runs it, only with POST; nothing is claimed otherwise', async () => {
  const { queue, claims } = memoryQueue([{ bucket_id: 'avatars', name: 'u/a.png' }]);
  const { storage } = memoryStorage();
  const run = handler({ queue, storage });
  assert.equal((await run(post('anon-key'))).status, 401);
  assert.equal((await run(new Request('http://localhost/', { method: 'GET' }))).status, 405);
  assert.deepEqual(claims, []);
});

Deno.test('a queue that cannot be read answers 500 and records the failed run', async () => {
  const { queue, runs } = memoryQueue([], { failClaim: new Error('claim_storage_removals failed: timeout') });
  const { storage } = memoryStorage();
  const response = await handler({ queue, storage })(post());
  assert.equal(response.status, 500);
  assert.deepEqual(runs, [{ ok: false, error: 'run stopped: claim_storage_removals failed: timeout' }]);
});

Deno.test('names a missing variable instead of running', async () => {
  const misconfigured = settingsFromEnv(() => undefined);
  assert.deepEqual(misconfigured.problems, [
    'SUPABASE_URL is not set or not an http(s) URL',
    'SUPABASE_SERVICE_ROLE_KEY is not set',
  ]);
  const { queue } = memoryQueue([]);
  const { storage } = memoryStorage();
  const response = await createRemoveStoredFilesHandler({
    settings: misconfigured,
    queue,
    storage,
    logger: quietLogger,
  })(post());
  assert.equal(response.status, 500);
});
