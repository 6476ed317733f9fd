// Plans and CCC packages (product.md#dashboard-2, §9): each payment dialog records the order and opens the
// stored link of its tier and method in a new tab (ACC with the member's e-mail; a plan by transfer: the
// Przelewy24 sandbox's page for the order, issue 36; USDT on a network: our own payment page, issue 37,
// whose journey is e2e/usdt.spec.ts); a CCC tier without free slots (filled by the admin RPC) says
// 'Brak dostępnych miejsc'. The providers' pages are answered by the test.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolationsAtBothWidths } from './support/a11y';
import { fillCccTier, paymentLink, releaseCccSlots } from './support/database';
import { createMember } from './support/factories';
import { SANDBOX_PAGE } from './support/przelewy24';
import { signIn } from './support/session';

const METHODS = [
  { method: 'transfer', label: 'Szybki przelew bankowy' },
  { method: 'usdt', label: 'Kryptowaluta USDT' },
  { method: 'acc', label: 'Płatności ACC' },
] as const;

/** The seeded links point at platnosci.example.com: the test answers for the provider. */
async function answerPaymentPages(context: BrowserContext) {
  await context.route('https://platnosci.example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Płatność</title><p>Strona płatności</p>' }),
  );
}

/**
 * The dialogs open a blank tab within the click (popup blockers), record the order, then send the
 * tab to the provider: the tab once it has left about:blank.
 */
async function newTabAfter(
  page: Page,
  click: () => Promise<void>,
  url: RegExp = /^https:\/\/platnosci\.example\.com\//,
): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await click();
  const tab = await popup;
  await tab.waitForURL(url);
  await tab.waitForLoadState();
  return tab;
}

/** USDT (on the first of the club's networks): the dialog records the order and opens our payment page. */
async function expectUsdtPage(page: Page, click: () => Promise<void>): Promise<void> {
  await click();
  await page.waitForURL(/\/dashboard\/platnosc-usdt\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Płatność USDT' })).toBeVisible();
  await expect(page.getByTestId('usdt-address')).not.toBeEmpty();
}

test('the plans grid and its payment dialog open the plan × method page in a new tab', async ({ page, context }) => {
  test.setTimeout(60_000);
  await answerPaymentPages(context);
  const member = await createMember({ label: 'plans' });
  await signIn(page, member);
  await page.goto('/dashboard/investments');
  await expect(page.getByRole('heading', { name: 'Dołącz do Klubu', level: 1 })).toBeVisible();
  for (const tier of ['START', 'PREMIUM', 'VIP']) await expect(page.getByRole('article', { name: tier })).toBeVisible();
  await expect(page.getByRole('article', { name: 'PREMIUM' })).toContainText('14 997 zł');
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'plans grid' });

  for (const { method, label } of METHODS) {
    await page.getByRole('button', { name: 'Wybierz plan PREMIUM' }).click();
    const dialog = page.getByRole('dialog', { name: 'Płatność za plan PREMIUM' });
    if (method === 'transfer') {
      await dialog.getByRole('button', { name: 'Zapłać' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Wybierz metodę płatności');
      await expectNoSeriousA11yViolationsAtBothWidths(page, {
        include: '[role="dialog"]',
        label: 'plan payment dialog',
      });
    }
    await dialog.getByRole('radio', { name: label }).check();
    await dialog.getByRole('checkbox', { name: /Chcę, aby usługa zaczęła się od razu/ }).check();
    if (method === 'usdt') {
      await expectUsdtPage(page, () => dialog.getByRole('button', { name: 'Zapłać' }).click());
      await page.goto('/dashboard/investments');
      continue;
    }
    // A plan by transfer is paid through Przelewy24 (the stack's sandbox); the others at the stored links.
    const tab = await newTabAfter(
      page,
      () => dialog.getByRole('button', { name: 'Zapłać' }).click(),
      method === 'transfer' ? SANDBOX_PAGE : undefined,
    );
    if (method === 'transfer') await expect(tab.getByRole('button', { name: 'Zapłać' })).toBeVisible();
    else {
      const expected = new URL(await paymentLink('plan', 'PREMIUM', method));
      if (method === 'acc') expected.searchParams.set('email', member.email);
      expect(tab.url()).toBe(expected.toString());
    }
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await tab.close();
    // The order is recorded: its reference, where to give it, then the dialog closes.
    await expect(dialog.getByTestId('payment-reference')).toHaveText(/^KLB-[0-9A-Z]{6}$/);
    if (method === 'transfer') {
      await expect(dialog).toContainText('Zapłać na stronie Przelewy24');
      await expectNoSeriousA11yViolationsAtBothWidths(page, {
        include: '[role="dialog"]',
        label: 'plan payment success',
      });
    }
    await dialog.getByRole('button', { name: 'Zamknij', exact: true }).click();
    await expect(dialog).toBeHidden();
  }
});

test("a CCC tier without free slots says 'Brak dostępnych miejsc'; the others open the tier × method page", async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await answerPaymentPages(context);
  const holder = await createMember({ label: 'ccc-holder' });
  const member = await createMember({ label: 'ccc' });
  const taken = await fillCccTier('PLATINUM', holder.email);
  try {
    await signIn(page, member);
    await page.goto('/dashboard/ccc');
    await expect(page.getByRole('heading', { name: 'Pakiety CCC', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /^0x[0-9a-f]{4}\.\.\.[0-9a-f]{4} — pełny adres 0x/ })).toBeVisible();
    const platinum = page.getByRole('article', { name: 'PLATINUM' });
    await expect(platinum.getByRole('button', { name: 'Brak dostępnych miejsc' })).toBeDisabled();
    await expect(platinum).toContainText('0 / 10');
    await expect(platinum.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'CCC packages' });

    for (const { method, label } of METHODS) {
      await page.getByRole('article', { name: 'GOLD' }).getByRole('button', { name: 'Kup pakiet' }).click();
      const dialog = page.getByRole('dialog', { name: 'Zakup pakietu GOLD' });
      await expect(dialog.getByRole('button', { name: 'Kup teraz' })).toBeDisabled();
      await dialog.getByRole('radio', { name: label }).check();
      await dialog.getByRole('checkbox', { name: /Chcę, aby usługa zaczęła się od razu/ }).check();
      if (method === 'acc') {
        await expect(dialog).toContainText('-10% RABATU');
        await expect(dialog).toContainText('Oszczędzasz 200,00 USDT');
        await expect(dialog.getByTestId('amount-due')).toHaveText(/2000,00 USDT.*1800,00 USDT/);
        await expectNoSeriousA11yViolationsAtBothWidths(page, {
          include: '[role="dialog"]',
          label: 'CCC purchase dialog',
        });
      }
      if (method === 'usdt') {
        await expectUsdtPage(page, () => dialog.getByRole('button', { name: 'Kup teraz' }).click());
        await page.goto('/dashboard/ccc');
        continue;
      }
      const tab = await newTabAfter(page, () => dialog.getByRole('button', { name: 'Kup teraz' }).click());
      const expected = new URL(await paymentLink('ccc', 'GOLD', method));
      if (method === 'acc') expected.searchParams.set('email', member.email);
      expect(tab.url()).toBe(expected.toString());
      await tab.close();
      await expect(dialog.getByTestId('payment-reference')).toHaveText(/^KLB-[0-9A-Z]{6}$/);
      await dialog.getByRole('button', { name: 'Zamknij', exact: true }).click();
      await expect(dialog).toBeHidden();
    }
  } finally {
    await releaseCccSlots(taken);
  }
});
