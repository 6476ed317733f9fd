// Registration and activation (account-and-access.md §2, §4): the form, the activation e-mail, the
// link, the resend panel for an account that is not activated, and the referral link.
import { expect, test } from '@playwright/test';
import { ActivationPage } from './pages/activation-page';
import { DashboardPage } from './pages/dashboard-page';
import { LandingPage } from './pages/landing-page';
import { referralOf } from './support/database';
import { createUnactivatedMember, memberData, seeded } from './support/factories';
import { clickLinkInMail, Mailbox, subjects, waitForNextEmailAllowed } from './support/mailbox';

test('a newcomer registers, opens the activation e-mail and lands signed in on the dashboard', async ({ page }) => {
  const newcomer = memberData({ label: 'register' });
  const mailbox = await Mailbox.open(newcomer.email);
  const landing = await new LandingPage(page).goto();

  const form = await landing.openRegistration();
  await form.register(newcomer);
  await form.expectSent(newcomer.email);

  const mail = await mailbox.next({ subject: subjects.activation });
  expect(mail.Text).toContain(`Cześć ${newcomer.name}`);
  await clickLinkInMail(page, mail, 'Aktywuj konto');

  await new ActivationPage(page).expectActivated();
  // Verification returned a session: after 2 s the member is on the dashboard, signed in.
  await new DashboardPage(page).expectSignedIn(newcomer.name);
});

test('an account that is not activated gets the resend panel, and the new link activates it', async ({
  page,
  baseURL,
}) => {
  const waiting = await createUnactivatedMember({ label: 'resend', appOrigin: baseURL });
  const landing = await new LandingPage(page).goto();

  await landing.login.signIn(waiting.email, waiting.password);
  await expect(landing.login.notActivatedPanel).toBeVisible();
  await expect(landing.login.notActivatedPanel).toContainText(waiting.email);
  await expect(page).toHaveURL(/\/$/);

  await waitForNextEmailAllowed(waiting.activationMail);
  await landing.login.resendActivationLink(waiting.email);
  const resent = await waiting.mailbox.next({ subject: subjects.activation });
  expect(resent.ID).not.toBe(waiting.activationMail.ID);
  await clickLinkInMail(page, resent, 'Aktywuj konto');

  await new ActivationPage(page).expectActivated();
  await new DashboardPage(page).expectSignedIn(waiting.name);
});

test('a referral link prefills the code, and the new member is recorded as referred', async ({ page }) => {
  const referred = memberData({ label: 'referral' });
  const mailbox = await Mailbox.open(referred.email);
  // The code in the link is in lower case: the app keeps it uppercased.
  const landing = await new LandingPage(page).goto(`?ref=${seeded.anna.referralCode.toLowerCase()}`);

  const form = await landing.openRegistration();
  await expect(form.referralCode).toHaveValue(seeded.anna.referralCode);
  await form.register(referred);
  await form.expectSent(referred.email);

  await clickLinkInMail(page, await mailbox.next({ subject: subjects.activation }), 'Aktywuj konto');
  await new ActivationPage(page).expectActivated();
  await new DashboardPage(page).expectSignedIn(referred.name);

  expect(await referralOf(referred.email)).toEqual({
    referrer: seeded.anna.email,
    code: seeded.anna.referralCode,
  });
});
