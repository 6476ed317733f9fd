// The file of an upload as supabase-js sends it: multipart form data (Blob/File/FormData: the file
// part, `cacheControl` and optional `metadata` fields) or the raw bytes (ArrayBuffer/Buffer/stream,
// with content-type, cache-control and base64 x-metadata headers).
import type { IncomingMessage } from 'node:http';
import { BodyTooLargeError, header, readBody } from '../http.ts';
import { storageErrors } from './errors.ts';

export interface UploadedFile {
  bytes: Buffer;
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

/** Multipart framing needs a little room above the file size limit. */
const MULTIPART_OVERHEAD = 64 * 1024;

export async function readUpload(req: IncomingMessage, limit: number): Promise<UploadedFile> {
  const contentType = header(req, 'content-type') ?? 'application/octet-stream';
  const multipart = contentType.toLowerCase().startsWith('multipart/form-data');
  const declared = Number(header(req, 'content-length') ?? NaN);
  if (!multipart && declared > limit) throw storageErrors.entityTooLarge();
  let body: Buffer;
  try {
    body = await readBody(req, multipart ? limit + MULTIPART_OVERHEAD : limit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw storageErrors.entityTooLarge();
    throw error;
  }
  const file = multipart ? await fromMultipart(body, contentType) : fromRaw(req, body, contentType);
  if (file.bytes.length > limit) throw storageErrors.entityTooLarge();
  return file;
}

function fromRaw(req: IncomingMessage, bytes: Buffer, contentType: string): UploadedFile {
  const metadata = header(req, 'x-metadata');
  return {
    bytes,
    contentType,
    cacheControl: header(req, 'cache-control') ?? 'no-cache',
    userMetadata: metadata ? parseMetadata(Buffer.from(metadata, 'base64').toString('utf8')) : null,
  };
}

async function fromMultipart(body: Buffer, contentType: string): Promise<UploadedFile> {
  let form: FormData;
  try {
    form = await new Request('http://storage.local/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Uint8Array(body),
    }).formData();
  } catch (error) {
    throw storageErrors.invalidRequest(`Invalid multipart body: ${(error as Error).message}`);
  }
  let file: File | undefined;
  form.forEach((value) => {
    if (!file && typeof value !== 'string') file = value;
  });
  if (!file) throw storageErrors.invalidRequest('No content provided');
  const cacheControl = form.get('cacheControl');
  const metadata = form.get('metadata');
  return {
    bytes: Buffer.from(await file.arrayBuffer()),
    contentType: file.type || 'application/octet-stream',
    cacheControl: typeof cacheControl === 'string' ? `max-age=${cacheControl}` : 'no-cache',
    userMetadata: typeof metadata === 'string' ? parseMetadata(metadata) : null,
  };
}

function parseMetadata(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw storageErrors.invalidRequest('Invalid metadata: expected a JSON object');
}
