// Every admin right needs aal2 (issue 21): an admin without a second factor who opens the admin area
// is led to set one up first (the settings' set-up dialog), and the database refuses admin work until
// the session has used it. The seeded admin signs in with password and code (e2e/support/session.ts).
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolationsAtBothWidths } from './support/a11y';
import { signInApi } from './support/admin-api';
import { query } from './support/database';
import { API_URL, ANON_KEY } from './support/env';
import { createMember } from './support/factories';
import { LandingPage } from './pages/landing-page';
import { SEEDED_ADMIN, enterTotpCode, signIn, withTwoStepSignIn } from './support/session';
import { totpCode } from './support/totp';

test('an admin without a factor sets one up before the admin area opens', async ({ page }) => {
  test.setTimeout(90_000);
  const member = await createMember({ label: 'new-admin' });
  await query(
    `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"admin": true}'::jsonb where email = lower($1)`,
    [member.email],
  );

  // With the password only, the database does not treat the account as an admin.
  const api = await signInApi(member.email, member.password);
  const refused = await fetch(`${API_URL}/rest/v1/rpc/admin_list_users`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${api.accessToken}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(refused.status).toBe(403);

  await signIn(page, member);
  await page.goto('/dashboard/admin/users');
  await expect(page.getByRole('heading', { name: 'Weryfikacja dwuetapowa jest wymagana' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Użytkownicy' })).toHaveCount(0);
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'admin 2FA required' });

  await page.getByRole('button', { name: 'Skonfiguruj weryfikację dwuetapową' }).click();
  const setup = page.getByRole('dialog', { name: 'Włącz weryfikację dwuetapową' });
  const secret = (await setup.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectNoSeriousA11yViolationsAtBothWidths(page, {
    label: 'admin 2FA set-up dialog',
    include: '[role="dialog"]',
  });
  await setup.getByLabel('Kod z aplikacji').fill(totpCode(secret));
  await setup.getByRole('button', { name: 'Zweryfikuj' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Użytkownicy' })).toBeVisible();
  await expect(page.getByText(SEEDED_ADMIN.email).first()).toBeVisible();
});

test('the seeded admin signs in with password and code and works in the admin area', async ({ page }) => {
  // Through the login form: password, then the code of the second step.
  // (No other worker signs the admin in meanwhile: its code would end this password session.)
  const landing = await new LandingPage(page).goto();
  await withTwoStepSignIn(SEEDED_ADMIN.email, async () => {
    await landing.login.signIn(SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    await enterTotpCode(page, SEEDED_ADMIN.totpSecret);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
  await page.goto('/dashboard/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Użytkownicy' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Potwierdź dostęp do panelu admina' })).toHaveCount(0);
});
