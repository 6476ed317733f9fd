import type { Session } from '@supabase/supabase-js';

export type AssuranceLevel = 'aal1' | 'aal2' | null;

function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const binary = atob(base64);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The session's assurance levels, by the rule auth-js's `mfa.getAuthenticatorAssuranceLevel()`
 * applies to a stored session: current = the JWT's `aal` claim, next = aal2 when the user has a
 * verified factor. Computed synchronously from the session, so the route guards can decide in the
 * same render (calling the client from inside an auth event would wait on the client's lock).
 */
export function assuranceOf(session: Session | null): { currentLevel: AssuranceLevel; nextLevel: AssuranceLevel } {
  if (!session) return { currentLevel: null, nextLevel: null };
  const claim = decodeJwtPayload(session.access_token)?.aal;
  const currentLevel: AssuranceLevel = claim === 'aal1' || claim === 'aal2' ? claim : null;
  const verified = (session.user.factors ?? []).some((factor) => factor.status === 'verified');
  return { currentLevel, nextLevel: verified ? 'aal2' : currentLevel };
}

/** Signed in with a password or a link, but the account has 2FA: the code must be given first. */
export function needsSecondFactor(session: Session | null): boolean {
  const { currentLevel, nextLevel } = assuranceOf(session);
  return currentLevel === 'aal1' && nextLevel === 'aal2';
}
