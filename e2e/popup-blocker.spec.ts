// Payments that confirm themselves (issue 36), with the popup blocker on (issue 19 §1): Playwright
// starts Chromium with its popup blocker off (`--disable-popup-blocking`); members' browsers have it
// on. Here it is on: a tab a page opens without a click is blocked, while the payment dialog's tab
// (opened within the click, sent on once the order is recorded and registered with Przelewy24)
// reaches the stack's Przelewy24 sandbox. 'Zapłać' there sends the member back to our return page,
// where the order becomes 'Opłacone' by itself (the signed notification, verify and the
// confirmation, with no admin action): the badge shows START with its end date and the e-mail
// arrives. axe on the return page at 1366 and 390 px.
import { expect, test } from '@playwright/test';
import { FULL_CHROMIUM } from '../scripts/lib/e2e-app.ts';
import { expectNoSeriousA11yViolationsAtBothWidths } from './support/a11y';
import { query } from './support/database';
import { createMember } from './support/factories';
import { startSandboxPayment } from './support/przelewy24';
import { signIn } from './support/session';

test('with the popup blocker on, a member pays START by transfer through Przelewy24 and it confirms itself', async ({
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The full browser: the popup blocker belongs to it, and Debian's headless shell, which may run
  // the rest of the suite (playwright.config.ts), has none (it opens every tab).
  const browser = await playwright.chromium.launch({
    ...test.info().project.use.launchOptions,
    executablePath: process.env.CHROMIUM_PATH ?? FULL_CHROMIUM,
    ignoreDefaultArgs: ['--disable-popup-blocking'],
  });
  try {
    const context = await browser.newContext({ baseURL });

    // The blocker is on: a page that opens a tab as it loads (no click) gets null.
    const probe = await context.newPage();
    await probe.addInitScript(() => {
      (window as Window & { openedWithoutClick?: boolean }).openedWithoutClick =
        window.open('about:blank', '_blank') !== null;
    });
    await probe.goto('/favicon.svg');
    expect(await probe.evaluate(() => (window as Window & { openedWithoutClick?: boolean }).openedWithoutClick)).toBe(
      false,
    );
    expect(context.pages()).toHaveLength(1);
    await probe.close();

    const member = await createMember({ label: 'przelewy24' });
    const page = await context.newPage();
    await signIn(page, member);
    await page.goto('/dashboard/investments');
    await page.getByRole('button', { name: 'Wybierz plan START' }).click();
    const dialog = page.getByRole('dialog', { name: 'Płatność za plan START' });
    // The tab is the one the click opened, now at the sandbox's payment page for the order.
    const { tab, reference } = await startSandboxPayment(page, dialog);
    await expect(dialog).toContainText('Zapłać na stronie Przelewy24');
    // No second click was needed.
    await expect(dialog.getByRole('link', { name: 'Przejdź do strony płatności' })).toHaveCount(0);
    // The amount is the order's (START: 4 997 PLN), fixed at the registration.
    await expect(tab.getByText('4997,00 PLN')).toBeVisible();

    // 'Zapłać' on the gateway's page: back on our return page, which waits for the confirmation.
    await tab.getByRole('button', { name: 'Zapłać' }).click();
    await tab.waitForURL(`**/dashboard/investments?platnosc=${reference}`);
    const returned = tab.getByRole('region', { name: 'Dziękujemy — sprawdzamy płatność' });
    await expect(returned).toBeVisible();
    await expect(returned.getByRole('status')).toContainText('Opłacone', { timeout: 20_000 });
    const [row] = await query<{ until: string }>(
      "select to_char(membership_valid_until, 'DD.MM.YYYY') as until from public.payment_orders where reference = $1",
      [reference],
    );
    const until = row!.until;
    await expect(returned.getByRole('status')).toHaveText(
      `Opłacone Płatność ${reference} potwierdzona: Plan START, ważny do ${until}.`,
      { timeout: 20_000 },
    );
    // The badge changed at once (the confirmation notification refreshed the profile).
    await expect(tab.getByRole('link', { name: `Poziom członkostwa: START · do ${until}` })).toBeVisible();
    await expectNoSeriousA11yViolationsAtBothWidths(tab, { label: 'payment return page' });

    // Decided by the gateway, with no admin; the e-mail of the confirmation arrives.
    const [order] = await query<{ decided_by: string | null }>(
      'select decided_by from public.payment_orders where reference = $1',
      [reference],
    );
    expect(order).toEqual({ decided_by: null });
    const mail = await member.mailbox.next({ subject: `Potwierdziliśmy Twoją płatność ${reference}`, timeout: 30_000 });
    expect(mail.Text).toContain('Plan START');
    expect(mail.Text).toContain(until);
  } finally {
    await browser.close();
  }
});
