// Signing in for journeys that are not about signing in: the session comes from the Auth API (the
// request supabase-js makes for the login form) and is handed to the page the way supabase-js keeps
// it, then the dashboard opens. The journeys about signing in use the form itself
// (LandingPage.login.signIn: sign-in.spec.ts, stack.spec.ts, session.spec.ts, the TOTP step of
// wallet.spec.ts, new passwords in password-reset.spec.ts and settings.spec.ts).
// Every signed-in journey, the seeded admin's included, signs in here: a change to how an account
// signs in (a second factor for the admin) lands in this one place.
import { expect, type Page } from '@playwright/test';
import { ANON_KEY, API_URL } from './env';

export interface Credentials {
  email: string;
  password: string;
}

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

const kept = new WeakSet<Page>();

/**
 * The E2E stack's tokens live 310 s, so the session-expiry box comes up 10 s after a sign-in, bottom
 * right, over whatever is there; a member would extend the session, and so does this handler when
 * the box stands in the way of an action (on a busy machine a journey reaches its next click after
 * those 10 s: the box then covered wallet.spec.ts's 2FA switch). Under an open dialog the box cannot
 * be reached (nor is it in the way): then the action simply goes on. Once per page.
 */
export async function keepSessionAlive(page: Page): Promise<void> {
  if (kept.has(page)) return;
  kept.add(page);
  await page.addLocatorHandler(
    page.getByRole('button', { name: 'Przedłuż sesję' }),
    async (button) => {
      await button.click({ timeout: 1_000 }).catch(() => undefined);
    },
    { noWaitAfter: true },
  );
}

/**
 * Signs in (a session from the Auth API in this page's storage) and waits for the dashboard shell.
 * The session-expiry box is extended whenever it is in the way (keepSessionAlive).
 */
export async function signIn(page: Page, who: Credentials): Promise<void> {
  await keepSessionAlive(page);
  const session = await passwordSession(who);
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
