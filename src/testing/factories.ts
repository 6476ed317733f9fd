import type { Session, User } from '@supabase/supabase-js';

/**
 * Actors for tests: `member`, `admin` (app_metadata.admin = true). Ids are random, never literal UUIDs.
 */
type UserOptions = {
  admin?: boolean;
  email?: string;
  fullName?: string;
  /** Extra user_metadata (writable by the user; never grants anything). */
  userMetadata?: Record<string, unknown>;
};

function base64Url(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function buildUser({ admin = false, email, fullName, userMetadata = {} }: UserOptions = {}): User {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const address = email ?? `${admin ? 'admin' : 'member'}-${id.slice(0, 8)}@example.test`;
  return {
    id,
    aud: 'authenticated',
    role: 'authenticated',
    email: address,
    email_confirmed_at: now,
    confirmed_at: now,
    last_sign_in_at: now,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'], ...(admin ? { admin: true } : {}) },
    user_metadata: { full_name: fullName ?? (admin ? 'Anna Admin' : 'Jan Członek'), ...userMetadata },
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

type SessionOptions = {
  /** The JWT's assurance level (aal2 after a second factor). */
  aal?: 'aal1' | 'aal2';
  /** Seconds until the access token expires. */
  expiresIn?: number;
};

/** A session as auth-js keeps it; the access token is an unsigned JWT with the usual claims. */
export function buildSession(
  user: User = buildUser(),
  { aal = 'aal1', expiresIn = 3600 }: SessionOptions = {},
): Session {
  const issuedAt = Math.floor(Date.now() / 1000);
  const claims = {
    sub: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    aal,
    amr: [{ method: aal === 'aal2' ? 'totp' : 'password', timestamp: issuedAt }],
    iat: issuedAt,
    exp: issuedAt + expiresIn,
    app_metadata: user.app_metadata,
    user_metadata: user.user_metadata,
    session_id: crypto.randomUUID(),
  };
  return {
    access_token: `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(claims))}.signature`,
    refresh_token: crypto.randomUUID().replace(/-/g, ''),
    expires_in: expiresIn,
    expires_at: issuedAt + expiresIn,
    token_type: 'bearer',
    user,
  };
}

/** The user with a verified TOTP factor (2FA enabled in the settings). */
export function withVerifiedTotp(user: User): User {
  const now = new Date().toISOString();
  return {
    ...user,
    factors: [
      {
        id: crypto.randomUUID(),
        friendly_name: 'Aplikacja',
        factor_type: 'totp',
        status: 'verified',
        created_at: now,
        updated_at: now,
      },
    ],
  };
}

/** An account created by sign-up and not activated yet (GoTrue's user without email_confirmed_at). */
export function unconfirmedUser(options: UserOptions = {}): User {
  const user = buildUser(options);
  return { ...user, email_confirmed_at: undefined, confirmed_at: undefined, last_sign_in_at: undefined };
}

export function memberSession(options: Omit<UserOptions, 'admin'> = {}): Session {
  return buildSession(buildUser({ ...options, admin: false }));
}

export function adminSession(options: Omit<UserOptions, 'admin'> = {}): Session {
  return buildSession(buildUser({ ...options, admin: true }));
}
