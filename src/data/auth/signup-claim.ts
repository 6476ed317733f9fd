import { normaliseEmail } from './redirect-urls';

/**
 * The sign-up's claim secret (docs/decisions.md, pre-account takeover). Registering creates 32
 * random bytes, keeps them in this browser's local storage under the e-mail, and sends only their
 * SHA-256 with the sign-up. Once the address is confirmed, the sign-up password works only after
 * this browser presents the secret (`claim_signup_password`), so a password typed by someone else,
 * in another browser, never opens the account. It is not a password and opens nothing by itself:
 * the claim needs the session the activation link gives. Removed once used.
 */
const KEY_PREFIX = 'signup-claim:';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const keyFor = (email: string) => `${KEY_PREFIX}${normaliseEmail(email)}`;

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A new secret for `email`, kept in this browser; resolves with the hash the sign-up sends. */
export async function createSignupClaim(email: string): Promise<string> {
  const secret = toHex(crypto.getRandomValues(new Uint8Array(32)));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret));
  storage()?.setItem(keyFor(email), secret);
  return toHex(new Uint8Array(digest));
}

/** The secret this browser keeps for `email`, if it registered it. */
export function signupClaimFor(email: string): string | null {
  return storage()?.getItem(keyFor(email)) ?? null;
}

export function forgetSignupClaim(email: string): void {
  storage()?.removeItem(keyFor(email));
}
