// Signing in for journeys that are not about signing in: the session comes from the Auth API (the
// requests supabase-js makes for the login form, the TOTP step included) and is handed to the page
// the way supabase-js keeps it, then the dashboard opens. The journeys about signing in use the form
// itself (LandingPage.login.signIn: sign-in.spec.ts, stack.spec.ts, session.spec.ts, the TOTP step of
// wallet.spec.ts and admin-two-factor.spec.ts, new passwords in password-reset.spec.ts and
// settings.spec.ts).
// Every signed-in journey, the seeded admin's included, signs in here: an account with a TOTP factor
// (the seeded admin's is known: every admin right needs aal2) gets its code verified as from an
// authenticator app, so the session is aal2.
import { mkdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { ANON_KEY, API_URL } from './env';
import { totpCode } from './totp';

export interface Credentials {
  email: string;
  password: string;
  /** The base32 secret of the account's TOTP factor, when it has one. */
  totpSecret?: string;
}

/** The seeded local admin (supabase/seed.sql, README): password and the secret of its TOTP factor. */
export const SEEDED_ADMIN = {
  email: 'admin@klub.local',
  password: 'Admin1234',
  totpSecret: 'KLUBADMINTOTPLOCALSEEDSECRETAAAA',
} as const satisfies Credentials;

const KNOWN_SECRETS: Record<string, string> = { [SEEDED_ADMIN.email]: SEEDED_ADMIN.totpSecret };

/** The session as supabase-js stores it (the token endpoint's answer). */
interface StoredSession {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at?: number;
  token_type: string;
  user: { id: string };
}

/** localStorage's key for the session, as supabase-js computes it (src/lib/supabase.ts). */
export const SESSION_STORAGE_KEY = `sb-${new URL(API_URL).hostname.split('.')[0]}-auth-token`;

/** The factor challenge and verification the login form's second step makes: an aal2 session. */
export async function totpSession(session: StoredSession, secret: string): Promise<StoredSession> {
  const auth = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${API_URL}/auth/v1${route}`, {
      method,
      headers: {
        apikey: ANON_KEY,
        Authorization: `Bearer ${session.access_token}`,
        'Content-Type': 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as T;
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const user = await auth<{ factors?: { id: string; factor_type: string; status: string }[] }>('GET', '/user');
  const factor = user.factors?.find((f) => f.factor_type === 'totp' && f.status === 'verified');
  if (!factor) throw new Error('the account has no verified TOTP factor');
  const challenge = await auth<{ id: string }>('POST', `/factors/${factor.id}/challenge`, {});
  const verified = await auth<Partial<StoredSession>>('POST', `/factors/${factor.id}/verify`, {
    challenge_id: challenge.id,
    code: totpCode(secret),
  });
  return {
    ...(verified as StoredSession),
    expires_at: verified.expires_at ?? Math.floor(Date.now() / 1000) + (verified.expires_in ?? 0),
  };
}

/** POST /auth/v1/token?grant_type=password: the session the login form would get. */
export async function passwordSession(who: Credentials): Promise<StoredSession> {
  const response = await fetch(`${API_URL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  const body = (await response.json()) as Partial<StoredSession>;
  if (!response.ok || !body.access_token || !body.refresh_token || !body.user) {
    throw new Error(`sign-in of ${who.email} failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return {
    ...(body as StoredSession),
    expires_at: body.expires_at ?? Math.floor(Date.now() / 1000) + (body.expires_in ?? 0),
  };
}

/**
 * Runs the two steps of one account's sign-in (password, then the TOTP code) while no other worker
 * signs that account in. Auth, like GoTrue, ends the account's other aal1 sessions when a factor is
 * verified: the seeded admin's password session in one worker died (session_not_found at the verify
 * step) when another worker verified its code in between. A lock directory per account and stack
 * (mkdir is atomic across processes) holds the few hundred milliseconds of the two steps; one left by
 * a killed worker is taken over after STALE_LOCK_MS.
 */
export async function withTwoStepSignIn<T>(email: string, steps: () => Promise<T>): Promise<T> {
  const lock = path.join(os.tmpdir(), `klub-e2e-sign-in-${new URL(API_URL).port}-${email.toLowerCase()}`);
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = await stat(lock).then(
        (info) => Date.now() - info.mtimeMs,
        () => 0,
      );
      if (age > STALE_LOCK_MS) await rm(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    return await steps();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** A sign-in's two steps take well under a second; a lock this old was left by a killed worker. */
const STALE_LOCK_MS = 30_000;

/**
 * Brings the session-expiry box (product.md#account-9: shown at ≤ 300 s left) without waiting an hour:
 * the page's clock, installed with `page.clock.install()` before the page opened, jumps to 299 s
 * before the stored session ends, and the box's check of the next second finds it. supabase-js
 * refreshes on its own only in the last 90 s, so nothing else changes.
 *
 * The server's clock does not move: extending gives a token that ends an hour after the real now,
 * which in the page's time is 299 s plus the real time since the first token was issued: the box
 * would come back a few seconds after an extension. `expectExtendedSession` puts the page's clock
 * back. The jump waits until that first token is 2 s old, so that an extended session is later.
 */
export async function nearSessionEnd(page: Page): Promise<void> {
  const session = await pageSession(page);
  const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString()) as {
    iat: number;
    exp: number;
  };
  await expect
    .poll(() => Date.now() - claims.iat * 1000, { message: 'the first token is 2 s old' })
    .toBeGreaterThan(2_000);
  await page.clock.setSystemTime(claims.exp * 1000 - 299_000);
}

/**
 * Signs in (a session from the Auth API in this page's storage) and waits for the dashboard shell.
 */
export async function signIn(page: Page, who: Credentials): Promise<void> {
  const secret = who.totpSecret ?? KNOWN_SECRETS[who.email.toLowerCase()];
  const session = secret
    ? await withTwoStepSignIn(who.email, async () => totpSession(await passwordSession(who), secret))
    : await passwordSession(who);
  // A static file of the app's origin: its storage, without starting the app twice.
  await page.goto('/favicon.svg');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    SESSION_STORAGE_KEY,
    JSON.stringify(session),
  ] as const);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Menu główne' })).toBeVisible();
}

/** The second step of the sign-in: the 6-digit code of the authenticator. */
export async function enterTotpCode(page: Page, secret: string): Promise<void> {
  const code = page.getByLabel('Kod weryfikacyjny');
  await expect(code).toBeVisible();
  await code.fill(totpCode(secret));
  await page.getByRole('button', { name: 'Zweryfikuj' }).click();
}

/** The session supabase-js keeps in the page's storage. */
async function pageSession(page: Page): Promise<StoredSession> {
  const stored = await page.evaluate((key) => window.localStorage.getItem(key), SESSION_STORAGE_KEY);
  if (!stored) throw new Error('no session in the page’s storage');
  return JSON.parse(stored) as StoredSession;
}

/** When the session stored in the page ends (seconds since the epoch, as supabase-js keeps it). */
export async function storedExpiresAt(page: Page): Promise<number> {
  const { expires_at: expiresAt } = await pageSession(page);
  if (expiresAt === undefined) throw new Error('the stored session has no expires_at');
  return expiresAt;
}

/**
 * After extending a session under nearSessionEnd's clock: waits until the page stores a new session
 * that ends later than `previousExpiresAt` (the extension happened), then sets the page's clock back
 * to the real time, where that session has its full hour (the server issued it on the real clock).
 */
export async function expectExtendedSession(page: Page, previousExpiresAt: number): Promise<void> {
  await expect
    .poll(() => storedExpiresAt(page), { message: 'a new session that ends later' })
    .toBeGreaterThan(previousExpiresAt);
  await page.clock.setSystemTime(Date.now());
}
