// Popup blockers (issue 19 §1): Playwright starts Chromium with its popup blocker off
// (`--disable-popup-blocking`); members' browsers have it on. Here it is on: a tab a page opens
// without a click is blocked, while the payment dialog's tab (opened within the click, sent to the
// provider once the order is recorded) reaches the provider's page and the dialog shows the reference.
import { expect, test } from '@playwright/test';
import { FULL_CHROMIUM } from '../scripts/lib/e2e-app.ts';
import { createMember } from './support/factories';
import { signIn } from './support/session';

test('with the popup blocker on, the plan dialog still opens the provider’s page and shows the reference', async ({
  playwright,
  baseURL,
}) => {
  // The full browser: the popup blocker belongs to it, and Debian's headless shell, which may run
  // the rest of the suite (playwright.config.ts), has none (it opens every tab).
  const browser = await playwright.chromium.launch({
    ...test.info().project.use.launchOptions,
    executablePath: process.env.CHROMIUM_PATH ?? FULL_CHROMIUM,
    ignoreDefaultArgs: ['--disable-popup-blocking'],
  });
  try {
    const context = await browser.newContext({ baseURL });
    await context.route('https://platnosci.example.com/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>Płatność</title><p>Strona płatności</p>',
      }),
    );

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

    const member = await createMember({ label: 'popup' });
    const page = await context.newPage();
    await signIn(page, member);
    await page.goto('/dashboard/investments');
    await page.getByRole('button', { name: 'Wybierz plan START' }).click();
    const dialog = page.getByRole('dialog', { name: 'Płatność za plan START' });
    await dialog.getByRole('radio', { name: 'Szybki przelew bankowy' }).check();
    await dialog.getByRole('checkbox', { name: /Chcę, aby usługa zaczęła się od razu/ }).check();
    const popup = page.waitForEvent('popup');
    await dialog.getByRole('button', { name: 'Zapłać' }).click();
    // The tab is the one the click opened, now at the provider's address (the seeded link).
    const tab = await popup;
    await tab.waitForURL(/^https:\/\/platnosci\.example\.com\//, { waitUntil: 'commit' });
    await expect(dialog.getByTestId('payment-reference')).toHaveText(/^KLB-[0-9A-Z]{6}$/);
    await expect(dialog).toContainText('Podaj ten kod w tytule przelewu');
    // No second click was needed.
    await expect(dialog.getByRole('link', { name: 'Przejdź do strony płatności' })).toHaveCount(0);
  } finally {
    await browser.close();
  }
});
