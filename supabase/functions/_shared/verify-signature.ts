// Standard Webhooks verification, as Supabase Auth signs its HTTP hooks (Send Email Hook and others):
// headers webhook-id, webhook-timestamp (Unix seconds) and webhook-signature, a list of
// "v1,<base64 HMAC-SHA256>" separated by spaces (Auth joins them with ", "), each computed over
// "<id>.<timestamp>.<raw body>" with the key base64-decoded from the secret after "v1,whsec_".
// The secret may hold several keys separated by "|" (rotation), as Auth's own setting does.

/** How far the timestamp may be from now, either way (the Standard Webhooks default). */
export const TOLERANCE_SECONDS = 5 * 60;

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

export class InvalidSecretError extends Error {
  override name = 'InvalidSecretError';
}

function base64ToBytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    const binary = atob(text);
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** The HMAC keys of a secret such as "v1,whsec_<base64>" ("|" separates several). */
export function secretKeys(secret: string): Uint8Array<ArrayBuffer>[] {
  const parts = secret
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) throw new InvalidSecretError('the webhook secret is empty');
  return parts.map((part) => {
    const encoded = part.replace(/^v1,/, '').replace(/^whsec_/, '');
    const key = encoded ? base64ToBytes(encoded) : undefined;
    if (!key || key.length === 0)
      throw new InvalidSecretError('the webhook secret is not of the form "v1,whsec_<base64>"');
    return key;
  });
}

/** The base64 signatures of a webhook-signature header, for version v1 only. */
export function v1Signatures(header: string): string[] {
  return header
    .split(/\s+/)
    .map((entry) => entry.replace(/,+$/, ''))
    .flatMap((entry) => {
      const comma = entry.indexOf(',');
      if (comma < 0 || entry.slice(0, comma) !== 'v1') return [];
      const signature = entry.slice(comma + 1);
      return signature ? [signature] : [];
    });
}

export interface WebhookRequest {
  id: string | null;
  timestamp: string | null;
  signature: string | null;
  body: string;
}

/**
 * Checks a signed webhook. Throws InvalidSecretError when the secret itself is unusable (a
 * configuration error, not the caller's fault); otherwise answers ok or the reason it is refused.
 */
export async function verifyWebhook(
  request: WebhookRequest,
  secret: string,
  nowMs: number = Date.now(),
): Promise<SignatureCheck> {
  const keys = secretKeys(secret);
  const { id, timestamp, signature, body } = request;
  if (!id || !timestamp || !signature) {
    return { ok: false, reason: 'missing webhook-id, webhook-timestamp or webhook-signature header' };
  }
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'invalid webhook-timestamp' };
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) {
    return { ok: false, reason: 'webhook-timestamp is too old or too new' };
  }
  const candidates = v1Signatures(signature)
    .map(base64ToBytes)
    .filter((bytes): bytes is Uint8Array<ArrayBuffer> => bytes !== undefined);
  if (candidates.length === 0) return { ok: false, reason: 'no v1 signature' };
  const content = new TextEncoder().encode(`${id}.${timestamp}.${body}`);
  for (const raw of keys) {
    const key = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    for (const candidate of candidates) {
      // subtle.verify compares in constant time.
      if (await crypto.subtle.verify('HMAC', key, candidate, content)) return { ok: true };
    }
  }
  return { ok: false, reason: 'no signature matches' };
}
