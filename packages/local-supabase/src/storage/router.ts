// The emulated Storage API behind /storage/v1: the object routes (upload, download, list and list-v2,
// remove, signed download URLs, info, move, copy). Signed upload URLs, image transformations and the
// bucket API answer with an explicit "not emulated" error.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, sendJson } from '../http.ts';
import type { StorageContext } from './context.ts';
import { StorageError, storageErrors } from './errors.ts';
import { assertValidBucketName } from './files.ts';
import { objectInfo } from './info.ts';
import { list } from './list.ts';
import { listV2 } from './list-v2.ts';
import { copy, move } from './move-copy.ts';
import { download, downloadPublic, remove, upload } from './objects.ts';
import { downloadSigned, signUrl, signUrls } from './signed-urls.ts';

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
  if ((match = /^\/object\/list-v2\/([^/]+)$/.exec(path)) && method === 'POST') {
    return listV2(ctx, req, res, bucketAndName(match[1] as string)[0]);
  }
  if ((match = /^\/object\/sign\/([^/]+)$/.exec(path)) && method === 'POST') {
    return signUrls(ctx, req, res, bucketAndName(match[1] as string)[0]);
  }
  if ((match = /^\/object\/sign\/([^/]+\/.+)$/.exec(path))) {
    const [bucket, name] = bucketAndName(match[1] as string);
    if (method === 'POST') return signUrl(ctx, req, res, bucket, name, match[1] as string);
    if (read) return downloadSigned(ctx, req, res, bucket, name, url);
  }
  if ((match = /^\/object\/info\/(?:(authenticated|public)\/)?([^/]+\/.+)$/.exec(path)) && method === 'GET') {
    const route = (match[1] as 'authenticated' | 'public' | undefined) ?? 'plain';
    return objectInfo(ctx, req, res, ...bucketAndName(match[2] as string), route);
  }
  if (path === '/object/move' && method === 'POST') return move(ctx, req, res);
  if (path === '/object/copy' && method === 'POST') return copy(ctx, req, res);
  if ((match = /^\/object\/public\/(.+)$/.exec(path)) && read) {
    return downloadPublic(ctx, req, res, ...bucketAndName(match[1] as string), url);
  }
  if ((match = /^\/object\/authenticated\/(.+)$/.exec(path)) && read) {
    return download(ctx, req, res, ...bucketAndName(match[1] as string), url);
  }
  if (/^\/object\/upload\/sign(\/|$)/.test(path)) {
    throw storageErrors.notEmulated(`Signed upload URLs (${method} /storage/v1/object/upload/sign)`);
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
