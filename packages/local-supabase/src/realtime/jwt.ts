// Realtime's token checks (RealtimeWeb.JwtVerification + ChannelsAuthorization.authorize_conn): the
// signature with the project's JWT secret (HS256/384/512), `exp` in the future, `iat` a number when
// present, and the claims `role` and `exp` required. The failures keep Realtime's wording.
import { compactVerify } from 'jose';
import { JWT_KEY } from '../keys.ts';

export type Claims = Record<string, unknown> & { role: string; exp: number };

export type TokenFailure =
  | { kind: 'expired'; message: string }
  | { kind: 'missing_claims'; message: string }
  | { kind: 'malformed'; message: string }
  | { kind: 'signature'; message: string }
  | { kind: 'signer'; message: string }
  | { kind: 'invalid'; message: string };

export type TokenCheck = { ok: true; claims: Claims } | ({ ok: false } & TokenFailure);

const HS_ALGORITHMS = ['HS256', 'HS384', 'HS512'];

/** Seconds since the epoch, as Joken.current_time/0. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

function segmentJson(segment: string | undefined): Record<string, unknown> | undefined {
  if (!segment) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const failure = (kind: TokenFailure['kind'], message: string): TokenCheck =>
  ({ ok: false, kind, message }) as TokenCheck;

export async function checkToken(raw: string): Promise<TokenCheck> {
  // ChannelsAuthorization.clean_token: URL-decoded, whitespace removed.
  let token = raw;
  try {
    token = decodeURIComponent(raw);
  } catch {
    // not URL-encoded
  }
  token = token.replace(/\s/g, '');
  const [headerSegment, claimsSegment, signature] = token.split('.');
  const claims = segmentJson(claimsSegment);
  if (!claims || signature === undefined || token.split('.').length !== 3) {
    return failure('malformed', 'The token provided is not a valid JWT');
  }
  const header = segmentJson(headerSegment);
  if (!header) return failure('invalid', ':expected_header_map');
  if (typeof header.alg !== 'string' || !HS_ALGORITHMS.includes(header.alg)) {
    return failure('signer', 'Failed to generate JWT signer, check your JWT secret or JWKS configuration');
  }
  try {
    await compactVerify(token, JWT_KEY, { algorithms: [header.alg] });
  } catch {
    return failure('signature', 'Failed to validate JWT signature');
  }
  const now = nowSeconds();
  if ('exp' in claims && !(typeof claims.exp === 'number' && claims.exp > now)) {
    if (typeof claims.exp === 'number')
      return failure('expired', `Token has expired ${now - Math.round(claims.exp)} seconds ago`);
    return failure('invalid', `[message: "Invalid token", claim: "exp", claim_val: ${JSON.stringify(claims.exp)}]`);
  }
  if ('iat' in claims && typeof claims.iat !== 'number') {
    return failure('invalid', `[message: "Invalid token", claim: "iat", claim_val: ${JSON.stringify(claims.iat)}]`);
  }
  for (const key of ['exp', 'iat'])
    if (typeof claims[key] === 'number') claims[key] = Math.round(claims[key] as number);
  if (!('role' in claims) || !('exp' in claims)) {
    return failure('missing_claims', 'Fields `role` and `exp` are required in JWT');
  }
  return { ok: true, claims: claims as Claims };
}

/** The reason a join is refused with, as RealtimeChannel.join/3 words it. */
export function joinRefusal(check: TokenFailure): string {
  switch (check.kind) {
    case 'expired':
    case 'missing_claims':
      return `InvalidJWTToken: ${check.message}`;
    case 'malformed':
      return `MalformedJWT: ${check.message}`;
    case 'signature':
      return `JwtSignatureError: ${check.message}`;
    case 'signer':
      return `JwtSignerError: ${check.message}`;
    case 'invalid':
      return `UnknownErrorOnChannel: ${check.message}`;
  }
}

/** The system message a joined channel is closed with when its (new) token fails. */
export function shutdownMessage(check: TokenFailure): string {
  return check.kind === 'signature' ? ':signature_error' : check.message;
}
