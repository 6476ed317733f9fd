// What the storage handlers share.
import type { StackConfig } from '../config/config.ts';
import type { Logger } from '../log.ts';
import type { StorageDb } from './db.ts';
import type { FileStore } from './files.ts';

export interface StorageContext {
  db: StorageDb;
  files: FileStore;
  config: StackConfig['storage'];
  log: Logger;
}
