// Registration and activation (product.md#account-2, §4): the form, the activation e-mail, the
// link, the resend panel for an account that is not activated, the referral link, and the
// pre-account takeover that the activation must not hand over (docs/decisions.md).
import { expect, test } from '@playwright/test';
import { ActivationPage } from './pages/activation-page';
import { DashboardPage } from './pages/dashboard-page';
import { LandingPage } from './pages/landing-page';
import { expectNoSeriousA11yViolationsAtBothWidths, expectNoSeriousA11yViolationsOnTimedScreen } from './support/a11y';
import { giveReferralCode, referralOf, referralVisits } from './support/database';
import {
  createMember,
  createUnactivatedMember,
  memberData,
  seeded,
  signUpAsSomeoneElse,
  uniquePassword,
} from './support/factories';
import { clickLinkInMail, Mailbox, subjects, waitForNextEmailAllowed } from './support/mailbox';

test('a newcomer registers, activates in the same browser, lands on the dashboard and keeps the password', async ({
  page,
}) => {
  // Eight axe runs, a registration and an e-mail.
  test.setTimeout(60_000);
  // The activation screen moves on after 2 s: its clock is held while axe reads it.
  await page.clock.install();
  const newcomer = memberData({ label: 'register' });
  const mailbox = await Mailbox.open(newcomer.email);
  const landing = await new LandingPage(page).goto();
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'landing, login tab' });

  const form = await landing.openRegistration();
  await expect(form.phone).toBeEditable();
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'landing, registration tab' });
  await form.register(newcomer);
  await form.expectSent(newcomer.email);
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'registration sent' });

  const mail = await mailbox.next({ subject: subjects.activation });
  expect(mail.Text).toContain(`Cześć ${newcomer.name}`);
  await clickLinkInMail(page, mail, 'Aktywuj konto');

  const activation = new ActivationPage(page);
  await activation.expectActivated();
  await expectNoSeriousA11yViolationsOnTimedScreen(page, { label: 'activation success' });
  // Verification returned a session: after 2 s the member is on the dashboard, signed in.
  const dashboard = new DashboardPage(page);
  await dashboard.expectSignedIn(newcomer.name);

  // The password chosen at registration works, with no extra step.
  await dashboard.signOut(newcomer.name);
  await landing.expectShown();
  await landing.login.signIn(newcomer.email, newcomer.password);
  await dashboard.expectSignedIn(newcomer.name);
});

test('an account that is not activated gets the resend panel; activating in this browser asks for a password', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  // Registered elsewhere (another browser): this one holds no claim to the sign-up password.
  const waiting = await createUnactivatedMember({ label: 'resend', appOrigin: baseURL });
  const landing = await new LandingPage(page).goto();

  // A wrong password too: the spec looks the account up first and shows the panel.
  await landing.login.signIn(waiting.email, `${waiting.password}x`);
  await expect(landing.login.notActivatedPanel).toBeVisible();
  await expect(landing.login.notActivatedPanel).toContainText(waiting.email);
  await expect(page).toHaveURL(/\/$/);
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'not-activated panel' });

  await waitForNextEmailAllowed(waiting.activationMail);
  await landing.login.resendActivationLink(waiting.email);
  const resent = await waiting.mailbox.next({ subject: subjects.activation });
  expect(resent.ID).not.toBe(waiting.activationMail.ID);
  await clickLinkInMail(page, resent, 'Aktywuj konto');

  const activation = new ActivationPage(page);
  await activation.expectPasswordRequired();
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'activation, set password' });
  const password = uniquePassword();
  await activation.setPassword(password);
  const dashboard = new DashboardPage(page);
  await dashboard.expectSignedIn(waiting.name);

  await dashboard.signOut(waiting.name);
  await landing.expectShown();
  await landing.login.signIn(waiting.email, password);
  await dashboard.expectSignedIn(waiting.name);
});

test('pre-account takeover: a password someone else set before the owner registered never opens the account', async ({
  page,
}) => {
  const owner = memberData({ label: 'owner' });
  const attackerPassword = uniquePassword();
  // The attacker signs up first, with the owner's address and a password of their own.
  const attackersMail = await signUpAsSomeoneElse(owner.email, attackerPassword);
  const mailbox = await Mailbox.open(owner.email);

  // The owner registers: the address waits for activation, so the app offers to resend the link.
  const landing = await new LandingPage(page).goto();
  const form = await landing.openRegistration();
  await form.register(owner);
  const resendPanel = form.panel.getByRole('region', { name: 'Konto nie zostało aktywowane' });
  await expect(resendPanel).toBeVisible();
  await waitForNextEmailAllowed(attackersMail);
  await resendPanel.getByRole('button', { name: 'Wyślij link aktywacyjny ponownie' }).click();
  await expect(resendPanel.getByRole('status')).toBeVisible();
  await clickLinkInMail(page, await mailbox.next({ subject: subjects.activation }), 'Aktywuj konto');

  // The owner proves control of the mailbox and sets a password of their own.
  const activation = new ActivationPage(page);
  await activation.expectPasswordRequired();
  await activation.setPassword(owner.password);
  const dashboard = new DashboardPage(page);
  // The profile still holds the attacker's name (the owner can change it in the settings).
  await expect(dashboard.heading).toBeVisible();
  await page.getByRole('button', { name: /^Menu użytkownika: / }).click();
  await page.getByRole('button', { name: 'Wyloguj' }).click();

  // The attacker's password opens nothing; the owner's does.
  await landing.expectShown();
  await landing.login.signIn(owner.email, attackerPassword);
  await expect(landing.login.error).toHaveText('Nieprawidłowy email lub hasło');
  await landing.login.signIn(owner.email, owner.password);
  await expect(dashboard.heading).toBeVisible();
});

test('reloading a referral link while its visit is still being counted counts it once', async ({ page }) => {
  const referrer = await createMember({ label: 'referrer-reload' });
  const code = await giveReferralCode(referrer.email);
  // The count reaches the database, and its answer is held until the page has been reloaded: the
  // browser cancels the first page's request, which must not free the visit for the second page.
  let counted: () => void = () => {};
  const countReached = new Promise<void>((resolve) => {
    counted = resolve;
  });
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/rest/v1/rpc/track_referral_visit', async (route) => {
    const response = await route.fetch();
    counted();
    await held;
    await route.fulfill({ response }).catch(() => {
      // The page that asked is gone.
    });
  });
  let counts = 0;
  page.on('request', (request) => {
    if (request.url().includes('/rpc/track_referral_visit') && request.method() === 'POST') counts += 1;
  });
  await page.goto(`/?ref=${code}`);
  await countReached;
  await page.reload();
  await new LandingPage(page).expectShown();
  release();
  await page.unrouteAll({ behavior: 'wait' });
  await page.waitForLoadState('networkidle');

  // The reloaded page found the visit claimed and asked nothing.
  expect(counts).toBe(1);
  expect(await referralVisits(code)).toBe(1);
});

test('a referral link counts the visit once, prefills the code, and the new member is recorded as referred', async ({
  page,
}) => {
  const referred = memberData({ label: 'referral' });
  const mailbox = await Mailbox.open(referred.email);
  const visitsBefore = await referralVisits(seeded.anna.referralCode);
  // The code in the link is in lower case: the app keeps it uppercased.
  const landing = await new LandingPage(page).goto(`?ref=${seeded.anna.referralCode.toLowerCase()}`);
  await expect.poll(() => referralVisits(seeded.anna.referralCode)).toBe(visitsBefore + 1);
  // Once per browser session: coming back with the link does not count again.
  await landing.goto(`?ref=${seeded.anna.referralCode}`);

  const form = await landing.openRegistration();
  await expect(form.referralCode).toHaveValue(seeded.anna.referralCode);
  await form.register(referred);
  await form.expectSent(referred.email);
  expect(await referralVisits(seeded.anna.referralCode)).toBe(visitsBefore + 1);

  await clickLinkInMail(page, await mailbox.next({ subject: subjects.activation }), 'Aktywuj konto');
  await new ActivationPage(page).expectActivated();
  await new DashboardPage(page).expectSignedIn(referred.name);

  expect(await referralOf(referred.email)).toEqual({
    referrer: seeded.anna.email,
    code: seeded.anna.referralCode,
  });
});

test('the registration tab whose code fails to load offers a retry instead of the crash screen', async ({ page }) => {
  const landing = await new LandingPage(page).goto();
  // The network drops the registration chunk (and only it) at its address. The retry must not ask
  // for that address again: a browser may keep the failed module load under it for the life of the
  // page, so the product asks for the chunk under a new one (lib/chunk-loader.ts).
  const chunk = /\/assets\/register-form-[^/?]+\.js$/;
  await page.route(chunk, (route) => route.abort('internetdisconnected'));
  await landing.registerTab.click();
  await expect(landing.registration.panel.getByRole('alert')).toContainText(
    'Problem z połączeniem sieciowym. Spróbuj ponownie później.',
  );
  await expect(page.getByText('Wystąpił błąd')).toBeHidden();
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'registration tab, chunk failed' });

  await landing.registration.panel.getByRole('button', { name: 'Spróbuj ponownie' }).click();
  await expect(landing.registration.submit).toBeVisible();
});
