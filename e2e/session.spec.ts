// Staying signed in and signing out (product.md#account-2, §4, §9). Access tokens live an hour, as
// on hosted Supabase; the expiry box, shown from 300 s left, is brought by moving the page's clock
// (nearSessionEnd). Reaching 0 is covered by a unit test.
import { expect, test } from '@playwright/test';
import { DashboardPage } from './pages/dashboard-page';
import { expectNoSeriousA11yViolationsAtBothWidths } from './support/a11y';
import { LandingPage } from './pages/landing-page';
import { createMember } from './support/factories';
import { expectExtendedSession, nearSessionEnd, storedExpiresAt } from './support/session';

test('the session-expiry box counts down, and extending the session closes it', async ({ page }) => {
  const member = await createMember({ label: 'expiry' });
  await page.clock.install();
  const landing = await new LandingPage(page).goto();
  await landing.login.signIn(member.email, member.password);
  const dashboard = new DashboardPage(page);
  await dashboard.expectSignedIn(member.name);

  const { box, countdown, extend } = dashboard.expiryBox;
  await expect(box, 'no box while the session has more than 300 s left').toBeHidden();
  await nearSessionEnd(page);
  await expect(box, 'the box shows at ≤ 300 s left').toBeVisible();
  await expect(countdown).toHaveText(/^4:\d\d$/);
  const shown = await countdown.textContent();
  await expect(countdown, 'the countdown ticks every second').not.toHaveText(shown ?? '');

  const ending = await storedExpiresAt(page);
  await extend.click();

  // A refreshed session has its full lifetime again (> 300 s): no box, still signed in, no modal.
  await expectExtendedSession(page, ending);
  await expect(box).toBeHidden();
  await expect(dashboard.userMenu(member.name)).toBeVisible();
  await expect(dashboard.sessionExpiredDialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('over an open dialog the session box stays in reach by Tab, extends, and the dialog stays', async ({ page }) => {
  const member = await createMember({ label: 'expiry-dialog' });
  await page.clock.install();
  const landing = await new LandingPage(page).goto();
  await landing.login.signIn(member.email, member.password);
  const dashboard = new DashboardPage(page);
  await dashboard.expectSignedIn(member.name);

  // A member in the middle of something in a dialog (here the notifications panel) when the box comes.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Powiadomienia/ })
    .click();
  const panel = page.getByRole('dialog', { name: 'Powiadomienia' });
  await expect(panel).toBeVisible();
  const { box, extend } = dashboard.expiryBox;
  await nearSessionEnd(page);
  await expect(box, 'the box shows at ≤ 300 s left').toBeVisible();
  await expect(panel.getByRole('region', { name: 'Sesja wkrótce wygaśnie' })).toBeVisible();
  await expectNoSeriousA11yViolationsAtBothWidths(page, {
    include: '[role="dialog"]',
    label: 'session box over a dialog',
  });

  // Tab goes round the dialog and the box; the box's button works from the keyboard.
  let presses = 0;
  while (presses < 30 && !(await extend.evaluate((button) => button === document.activeElement))) {
    await page.keyboard.press('Tab');
    presses += 1;
  }
  await expect(extend).toBeFocused();
  const ending = await storedExpiresAt(page);
  await page.keyboard.press('Enter');

  await expectExtendedSession(page, ending);
  await expect(box).toBeHidden();
  await expect(panel).toBeVisible();
  await expect(dashboard.sessionExpiredDialog).toBeHidden();
});

test('signing out from the user menu clears the browser storage and closes the dashboard', async ({ page }) => {
  const member = await createMember({ label: 'sign-out' });
  const landing = await new LandingPage(page).goto();
  await landing.login.signIn(member.email, member.password);
  const dashboard = new DashboardPage(page);
  await dashboard.expectSignedIn(member.name);

  const storage = () =>
    page.evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage) }));
  // Something in each storage that sign-out must remove (the session itself is in local storage).
  await page.evaluate(() => sessionStorage.setItem('e2e-marker', 'left by the test'));
  expect((await storage()).local.some((key) => key.startsWith('sb-'))).toBe(true);
  expect((await storage()).session).toContain('e2e-marker');

  await dashboard.signOut(member.name);

  await landing.expectShown();
  await expect.poll(storage).toEqual({ local: [], session: [] });
  await dashboard.goto();
  await landing.expectShown();
  await expect(dashboard.heading).toBeHidden();
});
