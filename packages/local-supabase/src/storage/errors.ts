// Supabase Storage's error shape: `{ statusCode: "<status>", code, error, message }`, sent with HTTP
// 400 for every client error (500 stays 500) — storage-api's userStatusCode, which supabase-js reads.

export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly error: string = code,
  ) {
    super(message);
    this.name = 'StorageError';
  }

  get httpStatus(): number {
    return this.status === 500 ? 500 : 400;
  }

  render() {
    return { statusCode: String(this.status), code: this.code, error: this.error, message: this.message };
  }
}

export const storageErrors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message),
  accessDenied: (message: string) => new StorageError(403, 'AccessDenied', message, 'Unauthorized'),
  keyAlreadyExists: () => new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidMimeType: (type: string) =>
    new StorageError(415, 'InvalidMimeType', `mime type ${type} is not supported`, 'invalid_mime_type'),
  entityTooLarge: () =>
    new StorageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large'),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  /** A body or query that fails the route's JSON schema: Fastify's validation error, as storage-api renders it. */
  validation: (message: string) => new StorageError(400, 'InvalidRequest', message, 'Error'),
  invalidParameter: (parameter: string) => new StorageError(400, 'InvalidParameter', `Invalid Parameter ${parameter}`),
  invalidSignature: (message = 'Invalid signature') => new StorageError(400, 'InvalidSignature', message),
  resourceAlreadyExists: () =>
    new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  /** The renderer's answer when the bytes of a known object are missing (S3's 404). */
  assetNotFound: () => new StorageError(404, 'NoSuchKey', 'The resource was not found', 'Not found'),
  internal: (message = 'Internal server error') => new StorageError(500, 'InternalError', message),
  notEmulated: (what: string) =>
    new StorageError(
      501,
      'NotImplemented',
      `${what} is not emulated by the local stack (packages/local-supabase/src/storage). Use \`supabase start\` for it, or extend the emulation.`,
      'not_implemented',
    ),
};

/**
 * PostgreSQL errors raised by the caller's statement, as storage-api maps them (DBError.fromDBError;
 * a unique violation is KeyAlreadyExists where it comes from createObject, ResourceAlreadyExists
 * elsewhere, e.g. a move onto an existing name).
 */
export function fromDatabaseError(
  error: unknown,
  { duplicate = storageErrors.keyAlreadyExists }: { duplicate?: () => StorageError } = {},
): StorageError | undefined {
  const code = (error as { code?: string }).code;
  const message = (error as Error).message;
  if (code === '42501')
    return storageErrors.accessDenied(
      message.includes('row-level security') ? 'new row violates row-level security policy' : message,
    );
  if (code === '23505') return duplicate();
  if (code === '23503') return new StorageError(404, 'InvalidRequest', 'The related resource does not exist');
  return undefined;
}
