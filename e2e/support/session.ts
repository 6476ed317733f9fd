// Signing in as a member for journeys that are not about signing in: through the login form, as a
// member would (the form, supabase-js and the stack's Auth together), then waiting for the dashboard.
// An account with a TOTP factor (the seeded admin's is known: every admin right needs aal2) gets its
// code typed in the second step, as from an authenticator app.
import { expect, type Page } from '@playwright/test';
import { LandingPage } from '../pages/landing-page';
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

/** Signs in on '/' (password, then the TOTP code when the account has a factor) and waits for the dashboard. */
export async function signIn(page: Page, who: Credentials): Promise<void> {
  const landing = await new LandingPage(page).goto();
  await landing.login.signIn(who.email, who.password);
  const secret = who.totpSecret ?? KNOWN_SECRETS[who.email.toLowerCase()];
  if (secret) await enterTotpCode(page, secret);
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
