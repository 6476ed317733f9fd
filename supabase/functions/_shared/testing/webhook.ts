// Test helper: signs a request the way Supabase Auth signs its hooks (Standard Webhooks), with
// node:crypto rather than the code under test, so a mistake in one is not mirrored in the other.
import { Buffer } from 'node:buffer';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';

export function newHookSecret(): string {
  return `v1,whsec_${randomBytes(32).toString('base64')}`;
}

export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^v1,whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export interface SignOptions {
  /** Seconds since the epoch; now by default. */
  timestamp?: number;
  id?: string;
  /** Extra signatures placed before the real one (Auth joins several with ", "). */
  otherSignatures?: string[];
  url?: string;
}

export function signedRequest(secret: string, payload: unknown, options: SignOptions = {}): Request {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const id = options.id ?? randomUUID();
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const signatures = [...(options.otherSignatures ?? []), signature(secret, id, timestamp, body)];
  return new Request(options.url ?? 'http://127.0.0.1/functions/v1/send-email', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatures.join(', '),
    },
    body,
  });
}
