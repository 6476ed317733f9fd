// The emulated Storage API behind /storage/v1: the object routes the app uses. Signed URLs, image
// transformations, move/copy and the bucket API answer with an explicit "not emulated" error.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, sendJson } from '../http.ts';
import type { StorageContext } from './context.ts';
import { StorageError, storageErrors } from './errors.ts';
import { assertValidBucketName } from './files.ts';
import { list } from './list.ts';
import { download, downloadPublic, remove, upload } from './objects.ts';

/** "/bucket/a/b.png" → ["bucket", "a/b.png"] with percent-escapes decoded. */
function bucketAndName(rest: string): [string, string] {
  const [bucket = '', ...parts] = rest.split('/');
  const decoded = decodeURIComponent(bucket);
  assertValidBucketName(decoded);
  return [decoded, parts.map((part) => decodeURIComponent(part)).join('/')];
}

async function route(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, path: string, url: URL) {
  const method = req.method ?? 'GET';
  const read = method === 'GET' || method === 'HEAD';
  let match: RegExpExecArray | null;
  if ((match = /^\/object\/list\/([^/]+)$/.exec(path)) && method === 'POST') {
    return list(ctx, req, res, bucketAndName(match[1] as string)[0]);
  }
  if ((match = /^\/object\/public\/(.+)$/.exec(path)) && read) {
    return downloadPublic(ctx, req, res, ...bucketAndName(match[1] as string), url);
  }
  if ((match = /^\/object\/authenticated\/(.+)$/.exec(path)) && read) {
    return download(ctx, req, res, ...bucketAndName(match[1] as string), url);
  }
  if (/^\/object\/(sign|upload\/sign|info|move|copy)(\/|$)/.test(path)) {
    throw storageErrors.notEmulated(`${method} /storage/v1${path.split('/').slice(0, 3).join('/')}`);
  }
  if ((match = /^\/object\/([^/]+)$/.exec(path)) && method === 'DELETE') {
    return remove(ctx, req, res, bucketAndName(match[1] as string)[0]);
  }
  if ((match = /^\/object\/([^/]+\/.+)$/.exec(path))) {
    const [bucket, name] = bucketAndName(match[1] as string);
    if (method === 'POST' || method === 'PUT') return upload(ctx, req, res, bucket, name);
    if (read) return download(ctx, req, res, bucket, name, url);
  }
  if (path.startsWith('/render/')) throw storageErrors.notEmulated('Image transformations (/render/image)');
  if (path.startsWith('/bucket')) throw storageErrors.notEmulated(`The bucket API (${method} /storage/v1${path})`);
  throw new StorageError(
    404,
    'NotFound',
    `${method} /storage/v1${path} is not a route of the local stack's Storage emulation`,
  );
}

/** Handles a request whose path has /storage/v1 removed. */
export function storageHandler(ctx: StorageContext) {
  return async (req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> => {
    try {
      await route(ctx, req, res, path, url);
    } catch (error) {
      const known =
        error instanceof StorageError
          ? error
          : error instanceof BodyTooLargeError
            ? storageErrors.entityTooLarge()
            : undefined;
      if (!known) ctx.log.error('storage', `${req.method} ${path}: ${(error as Error).stack ?? String(error)}`);
      const rendered = known ?? storageErrors.internal();
      if (res.headersSent) return void res.destroy();
      sendJson(res, rendered.httpStatus, rendered.render());
    }
  };
}
