// JSON bodies of the Storage routes and the checks of their JSON schemas, with the messages
// Fastify's validation gives ("body must have required property 'x'", "body/x must be integer").
import type { IncomingMessage } from 'node:http';
import { readBody } from '../http.ts';
import { storageErrors } from './errors.ts';

export type JsonBody = Record<string, unknown>;

export async function readJsonBody(req: IncomingMessage, limit = 1024 * 1024): Promise<JsonBody> {
  let body: unknown;
  try {
    body = JSON.parse((await readBody(req, limit)).toString('utf8') || '{}');
  } catch {
    throw storageErrors.invalidRequest('Body is not valid JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw storageErrors.validation('body must be object');
  return body as JsonBody;
}

export function requireProperties(body: JsonBody, names: string[], where = 'body'): void {
  for (const name of names) {
    if (body[name] === undefined) throw storageErrors.validation(`${where} must have required property '${name}'`);
  }
}

export function optionalString(body: JsonBody, name: string): string | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw storageErrors.validation(`body/${name} must be string`);
  return value;
}

export function requiredString(body: JsonBody, name: string): string {
  requireProperties(body, [name]);
  return optionalString(body, name) as string;
}

/** `{ type: 'integer', minimum }`, with Fastify's type coercion ("60" is 60). */
export function optionalInteger(body: JsonBody, name: string, minimum: number): number | undefined {
  const raw = body[name];
  if (raw === undefined) return undefined;
  const value = typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw storageErrors.validation(`body/${name} must be integer`);
  if (value < minimum) throw storageErrors.validation(`body/${name} must be >= ${minimum}`);
  return value;
}

export function optionalBoolean(body: JsonBody, name: string): boolean | undefined {
  const raw = body[name];
  if (raw === undefined) return undefined;
  const value = raw === 'true' ? true : raw === 'false' ? false : raw;
  if (typeof value !== 'boolean') throw storageErrors.validation(`body/${name} must be boolean`);
  return value;
}

/** `{ type: 'array', items: { type: 'string' }, minItems, maxItems }` of a required property. */
export function requiredStringArray(
  body: JsonBody,
  name: string,
  { minItems, maxItems }: { minItems: number; maxItems: number },
): string[] {
  requireProperties(body, [name]);
  const value = body[name];
  if (!Array.isArray(value)) throw storageErrors.validation(`body/${name} must be array`);
  if (value.length < minItems)
    throw storageErrors.validation(`body/${name} must NOT have fewer than ${minItems} items`);
  if (value.length > maxItems) throw storageErrors.validation(`body/${name} must NOT have more than ${maxItems} items`);
  const wrong = value.findIndex((item) => typeof item !== 'string');
  if (wrong !== -1) throw storageErrors.validation(`body/${name}/${wrong} must be string`);
  return value as string[];
}
