// Everyday use (issue 24): the page asked for comes back after signing in, the check-your-mailbox
// screen's resend countdown and address correction, copy buttons, and the offline banner.
import { expect, test } from '@playwright/test';
import { LandingPage } from './pages/landing-page';
import { expectNoSeriousA11yViolationsAtBothWidths } from './support/a11y';
import { createMember, memberData } from './support/factories';
import { Mailbox, subjects, waitForNextEmailAllowed } from './support/mailbox';
import { signIn } from './support/session';

test('signing in returns to the page the member asked for', async ({ page }) => {
  const member = await createMember({ label: 'return-to' });
  await page.goto('/dashboard/wallet');
  const landing = new LandingPage(page);
  await landing.expectShown();
  await landing.login.signIn(member.email, member.password);
  await expect(page).toHaveURL(/\/dashboard\/wallet$/);
  await expect(page.getByRole('heading', { level: 1, name: 'eWallet' })).toBeVisible();
});

test('a referral link opens on Rejestracja; the check-your-mailbox screen counts 60 s down before a resend, and the address can be corrected', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.clock.install();
  const newcomer = memberData({ label: 'countdown' });
  const mailbox = await Mailbox.open(newcomer.email);
  const landing = await new LandingPage(page).goto('?ref=NOPE1234');
  await expect(landing.registerTab).toHaveAttribute('aria-selected', 'true');
  await landing.registration.referralCode.fill('');
  await landing.registration.register(newcomer);
  await landing.registration.expectSent(newcomer.email);
  const first = await mailbox.next({ subject: subjects.activation });

  const panel = landing.registration.panel;
  const resend = panel.getByRole('button', { name: 'Wyślij link aktywacyjny ponownie' });
  await expect(resend).toBeDisabled();
  await expect(panel.getByRole('timer')).toHaveText(/^(60|59) s$/);
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'check-your-mailbox screen' });
  await page.clock.fastForward('00:30');
  // Half a minute (and the axe checks' own seconds) later: at most 30 s left, still closed.
  await expect(panel.getByRole('timer')).toHaveText(/^([1-9]|[12][0-9]|30) s$/);
  await expect(resend).toBeDisabled();
  await page.clock.fastForward('00:31');
  await expect(resend).toBeEnabled();
  await expect(panel.getByRole('timer')).toHaveCount(0);

  // The page's clock moved 61 s, the server's did not: Auth's one-e-mail-per-address window (2 s on
  // the E2E stack) must really have passed, or the resend is refused as too frequent.
  await waitForNextEmailAllowed(first);
  await resend.click();
  await expect(panel.getByText(`Link aktywacyjny został wysłany ponownie na adres ${newcomer.email}.`)).toBeVisible();
  await mailbox.next({ subject: subjects.activation });
  await expect(resend).toBeDisabled();

  await panel.getByRole('button', { name: 'Popraw adres email' }).click();
  await expect(landing.registration.email).toBeFocused();
  await expect(landing.registration.email).toHaveValue(newcomer.email);
  await expect(landing.registration.name).toHaveValue(newcomer.name);
});

test('copy buttons put the referral code on the clipboard', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const member = await createMember({ label: 'copy' });
  await page.goto('/');
  await new LandingPage(page).login.signIn(member.email, member.password);
  await expect(page.getByRole('navigation', { name: 'Menu główne' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Program Partnerski' }).click();
  await page.getByRole('button', { name: 'Generuj kod' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generuj nowy kod polecający' });
  await dialog.getByRole('button', { name: 'Generuj kod' }).click();
  await expect(dialog).toBeHidden();

  const code = (await page.getByTestId('referral-code').textContent()) ?? '';
  expect(code).toMatch(/^[A-Z0-9]{8}$/);
  await page.getByRole('button', { name: 'Kopiuj kod polecający' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Skopiowano!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'partner page with a copy button' });
});

test("offline, a banner says 'Brak połączenia z internetem'; it goes and reads resume when the connection is back", async ({
  page,
  context,
}) => {
  const member = await createMember({ label: 'offline' });
  await page.goto('/');
  await new LandingPage(page).login.signIn(member.email, member.password);
  const menu = page.getByRole('navigation', { name: 'Menu główne' });
  await expect(menu).toBeVisible();
  // The wallet's code is loaded once, so opening it offline waits for data, not for code.
  await menu.getByRole('link', { name: 'eWallet' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'eWallet' })).toBeVisible();
  await menu.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Panel główny' })).toBeVisible();

  await context.setOffline(true);
  const banner = page.getByRole('alert').filter({ hasText: 'Brak połączenia z internetem' });
  await expect(banner).toBeVisible();
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'offline banner' });

  // A section opened offline waits for the connection; its data comes once it is back.
  await menu.getByRole('link', { name: 'eWallet' }).click();
  await context.setOffline(false);
  await expect(banner).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'eWallet' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Wypłata środków' })).toBeVisible();
});

test('leaving the profile form with unsaved changes asks first; the side menu fills a long page', async ({ page }) => {
  const member = await createMember({ label: 'unsaved' });
  await page.goto('/');
  await new LandingPage(page).login.signIn(member.email, member.password);
  const menu = page.getByRole('navigation', { name: 'Menu główne' });
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'Ustawienia' }).click();
  const name = page.getByLabel('Imię i nazwisko');
  await expect(name).toHaveValue(member.name);
  await name.fill('Zmienione Nazwisko');

  await menu.getByRole('link', { name: 'eWallet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Niezapisane zmiany' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'unsaved-changes dialog' });
  await dialog.getByRole('button', { name: 'Anuluj' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(name).toHaveValue('Zmienione Nazwisko');

  // Closing the tab gets the browser's own question.
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const question = await asked;
  expect(question.type()).toBe('beforeunload');
  await question.dismiss();
  await expect(name).toHaveValue('Zmienione Nazwisko');

  await menu.getByRole('link', { name: 'eWallet' }).click();
  await dialog.getByRole('button', { name: 'Opuść stronę' }).click();
  await expect(page).toHaveURL(/\/dashboard\/wallet$/);

  // A page longer than the screen: the menu's column reaches its bottom.
  await page.evaluate(() => {
    document.getElementById('main-content')!.style.minHeight = '3000px';
  });
  const column = await menu.evaluate((nav) => nav.parentElement!.getBoundingClientRect().height);
  expect(column).toBeGreaterThanOrEqual(3000);
});

test("moving to another section puts the focus on its heading and announces it; the section's code and data are read when its menu entry is pointed at", async ({
  page,
}) => {
  const member = await createMember({ label: 'route-focus' });
  await signIn(page, member);
  const menu = page.getByRole('navigation', { name: 'Menu główne' });
  const wallet = menu.getByRole('link', { name: 'eWallet' });

  // Pointing at the entry loads the section's chunk and its first reads before the click.
  const chunk = page.waitForResponse((response) => /\/assets\/wallet-[^/]+\.js$/.test(response.url()));
  const withdrawals = page.waitForResponse((response) => response.url().includes('/rest/v1/withdrawals'));
  await wallet.hover();
  await Promise.all([chunk, withdrawals]);

  await wallet.click();
  const heading = page.getByRole('heading', { level: 1, name: 'eWallet' });
  await expect(heading).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Otwarto stronę: eWallet' })).toBeAttached();

  // With the keyboard: the next section's heading gets the focus as well.
  await menu.getByRole('link', { name: 'Program Partnerski' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Program Partnerski' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'Otwarto stronę: Program Partnerski' })).toBeAttached();
});
