// Signing in (product.md#account-2, §8): a wrong password, and the magic link.
import { expect, test } from '@playwright/test';
import { DashboardPage } from './pages/dashboard-page';
import { LandingPage } from './pages/landing-page';
import { createMember, seeded } from './support/factories';
import { clickLinkInMail, Mailbox, subjects } from './support/mailbox';

test('a wrong password is refused with the invalid-credentials message', async ({ page }) => {
  const member = await createMember({ label: 'wrong-password' });
  const landing = await new LandingPage(page).goto();

  await landing.login.signIn(member.email, `${member.password}x`);

  await expect(landing.login.error).toHaveText('Nieprawidłowy email lub hasło');
  await expect(landing.login.notActivatedPanel).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
});

test('a seeded member signs in with a magic link from the e-mail', async ({ page }) => {
  const member = seeded.jan;
  const mailbox = await Mailbox.open(member.email);
  const landing = await new LandingPage(page).goto();

  await landing.login.requestMagicLink(member.email);
  await expect(landing.login.panel.getByRole('status')).toHaveText(
    `Wysłaliśmy link logowania na adres ${member.email}. Jeśli nie widzisz wiadomości, sprawdź folder spam.`,
  );

  const mail = await mailbox.next({ subject: subjects.magicLink });
  // Straight to /dashboard?token_hash=…&type=magiclink; the app verifies it with Auth.
  await clickLinkInMail(page, mail, 'Zaloguj się');

  await new DashboardPage(page).expectSignedIn(member.name);
});
