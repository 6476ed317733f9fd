// Forgot password (product.md#account-2, §4): the reset e-mail, the new password, the way back
// to the landing page, and which password works afterwards. Always a fresh member: the seeded
// accounts' passwords never change.
import { expect, test } from '@playwright/test';
import { DashboardPage } from './pages/dashboard-page';
import { LandingPage } from './pages/landing-page';
import { ResetPasswordPage } from './pages/reset-password-page';
import { expectNoSeriousA11yViolationsAtBothWidths } from './support/a11y';
import { createMember, uniquePassword } from './support/factories';
import { clickLinkInMail, linkIn, subjects } from './support/mailbox';

test('a member resets a forgotten password and signs in with the new one only', async ({ page }) => {
  test.setTimeout(60_000);
  const member = await createMember({ label: 'reset' });
  const newPassword = uniquePassword();
  const landing = await new LandingPage(page).goto();

  await landing.login.requestPasswordReset(member.email);
  await expect(landing.login.panel.getByRole('status')).toHaveText(
    `Wysłaliśmy link do ustawienia nowego hasła na adres ${member.email}. ` +
      'Jeśli nie widzisz wiadomości, sprawdź folder spam.',
  );
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'reset link sent' });

  const mail = await member.mailbox.next({ subject: subjects.passwordReset });
  await clickLinkInMail(page, mail, 'Ustaw nowe hasło');

  const reset = new ResetPasswordPage(page);
  await reset.expectForm();
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'reset-password form' });
  await reset.setPassword(newPassword);
  await expect(reset.success).toBeVisible();

  // Signed out, then after 2 s on the landing page with the message.
  await landing.expectShown();
  await expect(landing.notice('Hasło zostało zmienione pomyślnie. Zaloguj się nowym hasłem.')).toBeVisible();

  await landing.login.signIn(member.email, member.password);
  await expect(landing.login.error).toHaveText('Nieprawidłowy email lub hasło');

  await landing.login.signIn(member.email, newPassword);
  await new DashboardPage(page).expectSignedIn(member.name);
});

test('the reset link works in another browser than the one that asked for it', async ({ page, browser }) => {
  const member = await createMember({ label: 'reset-elsewhere' });
  await (await new LandingPage(page).goto()).login.requestPasswordReset(member.email);
  const mail = await member.mailbox.next({ subject: subjects.passwordReset });
  // The link leads straight into the app with the token hash (no PKCE verifier of the asking browser).
  expect(new URL(linkIn(mail, 'Ustaw nowe hasło')).pathname).toBe('/reset-password');

  const other = await browser.newContext();
  try {
    const phone = await other.newPage();
    await clickLinkInMail(phone, mail, 'Ustaw nowe hasło');
    const reset = new ResetPasswordPage(phone);
    await reset.expectForm();
    const newPassword = uniquePassword();
    await reset.setPassword(newPassword);
    await expect(reset.success).toBeVisible();
    const landing = new LandingPage(phone);
    await landing.expectShown();
    await landing.login.signIn(member.email, newPassword);
    await new DashboardPage(phone).expectSignedIn(member.name);
  } finally {
    await other.close();
  }
});
