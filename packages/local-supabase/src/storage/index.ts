// Storage: buckets from config.toml, files on disk, rows through PostgreSQL as the caller.
import path from 'node:path';
import type { StackConfig } from '../config/config.ts';
import type { Logger } from '../log.ts';
import { syncBuckets } from './buckets.ts';
import { storageDb } from './db.ts';
import { FileStore } from './files.ts';
import { storageHandler } from './router.ts';

export async function startStorage({
  config,
  dbPort,
  dataDir,
  log,
}: {
  config: StackConfig['storage'];
  dbPort: number;
  dataDir: string;
  log: Logger;
}) {
  const db = storageDb(dbPort);
  try {
    await syncBuckets(db.owner, config.buckets);
  } catch (error) {
    await db.close();
    throw error;
  }
  const handler = storageHandler({ db, files: new FileStore(path.join(dataDir, 'storage')), config, log });
  return { handler, buckets: config.buckets.map((bucket) => bucket.id), close: () => db.close() };
}
