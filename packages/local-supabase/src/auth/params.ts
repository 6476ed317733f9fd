// Reading request bodies the way GoTrue's retrieveRequestParams does: JSON only, typed fields,
// `bad_json` when the body is not an object or a field has the wrong type.
import type { IncomingMessage } from 'node:http';
import { readBody } from '../http.ts';
import { badRequest } from './errors.ts';

export type Params = Record<string, unknown>;

export async function readParams(req: IncomingMessage): Promise<Params> {
  const text = (await readBody(req, 1024 * 1024)).toString('utf8').trim();
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(error as Error).message}`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: expected an object');
  }
  return value as Params;
}

function wrongType(key: string, expected: string): never {
  throw badRequest('bad_json', `Could not parse request body as JSON: field "${key}" must be ${expected}`);
}

/** A string field; null and absent both read as "" (Go's zero value). */
export function str(params: Params, key: string): string {
  const value = params[key];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') wrongType(key, 'a string');
  return value;
}

/** A string field that distinguishes "absent" (undefined) from "" (as GoTrue's *string does). */
export function optionalStr(params: Params, key: string): string | undefined {
  const value = params[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') wrongType(key, 'a string');
  return value;
}

export function bool(params: Params, key: string, fallback: boolean): boolean {
  const value = params[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') wrongType(key, 'a boolean');
  return value;
}

export function obj(params: Params, key: string): Record<string, unknown> | undefined {
  const value = params[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) wrongType(key, 'an object');
  return value as Record<string, unknown>;
}

/** gotrue_meta_security.captcha_token */
export function captchaToken(params: Params): string {
  const security = obj(params, 'gotrue_meta_security');
  return security ? str(security, 'captcha_token') : '';
}
