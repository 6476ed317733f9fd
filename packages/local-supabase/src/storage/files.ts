// Object bytes on disk: <data>/storage/<bucket>/<url-encoded object name>. One flat folder per bucket
// keeps "a" and "a/b" (both valid object names) from colliding as file and folder.
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { storageErrors } from './errors.ts';

/** storage-api's isValidKey, plus no empty, "." or ".." segments. */
const KEY = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;

export function assertValidKey(name: string): void {
  const segments = name.split('/');
  if (!name || !KEY.test(name) || segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw storageErrors.invalidKey(name);
  }
}

export function assertValidBucketName(bucket: string): void {
  if (!/^[\w!.*'() &$@=;:+,?-]{1,100}$/.test(bucket) || bucket === '.' || bucket === '..') {
    throw storageErrors.noSuchBucket();
  }
}

export class FileStore {
  constructor(private readonly root: string) {}

  private file(bucket: string, name: string): string {
    return path.join(this.root, bucket, encodeURIComponent(name));
  }

  /** Writes next to the target; `commit()` moves it into place, `discard()` removes it. */
  async stage(
    bucket: string,
    name: string,
    bytes: Buffer,
  ): Promise<{ commit(): Promise<void>; discard(): Promise<void> }> {
    const target = this.file(bucket, name);
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(temporary, bytes);
    return {
      commit: () => rename(temporary, target),
      discard: () => rm(temporary, { force: true }),
    };
  }

  async size(bucket: string, name: string): Promise<number | undefined> {
    return stat(this.file(bucket, name)).then(
      (info) => info.size,
      () => undefined,
    );
  }

  read(bucket: string, name: string) {
    return createReadStream(this.file(bucket, name));
  }

  /** A copy of the bytes next to the destination; `commit()` moves it into place. */
  async stageCopy(
    from: { bucket: string; name: string },
    to: { bucket: string; name: string },
  ): Promise<{ commit(): Promise<void>; discard(): Promise<void> }> {
    const target = this.file(to.bucket, to.name);
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await copyFile(this.file(from.bucket, from.name), temporary);
    } catch {
      throw storageErrors.assetNotFound();
    }
    return {
      commit: () => rename(temporary, target),
      discard: () => rm(temporary, { force: true }),
    };
  }

  async remove(bucket: string, name: string): Promise<void> {
    await rm(this.file(bucket, name), { force: true });
  }
}
