// HS256 access tokens with the claims Supabase Auth issues, and their verification.
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { JWT_KEY } from '../keys.ts';
import { forbidden } from './errors.ts';

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface AccessClaims {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  role: string;
  aal: 'aal1' | 'aal2';
  amr: AmrEntry[];
  session_id: string;
  is_anonymous: boolean;
}

export function signAccessToken(claims: AccessClaims): Promise<string> {
  // Claim order as golang-jwt writes GoTrue's AccessTokenClaims: registered claims first.
  const { iss, sub, aud, exp, iat, ...rest } = claims;
  return new SignJWT({ iss, sub, aud, exp, iat, ...rest })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(JWT_KEY);
}

/** Verified claims of a bearer token, or GoTrue's 403 bad_jwt with golang-jwt's wording. */
export async function verifyJwt(token: string): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(token, JWT_KEY, { algorithms: ['HS256'] });
    return payload;
  } catch (error) {
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${describe(error)}`);
  }
}

function describe(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'token has invalid claims: token is expired';
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
    return 'token signature is invalid: signature is invalid';
  }
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'token is unverifiable: signing method is invalid';
  return `token is malformed: ${(error as Error).message}`;
}
