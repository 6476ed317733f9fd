// The admin area's tab bar as the seeded admin (product.md#dashboard-2 admin area, §5, §7 Admin): every
// tab is reached from the bar, shows its title and its data, and has no serious accessibility problem
// at 1366 px and at 390 px (here, or in the journey named beside the tab). It only reads, so it runs
// beside the files that change the club.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolationsAtBothWidths } from './support/a11y';
import { SEEDED_ADMIN, signIn } from './support/session';

/**
 * A tab of the bar: its address, its title, and the spec file whose journey checks the same screen
 * with axe at both widths (axe once per screen: those tabs are only visited here).
 */
type Tab = readonly [segment: string, title: string, axeIn?: string];

/** The tabs of the bar, in its order: the spec's seven and the e-mail templates, then the money tabs. */
const SPEC_TABS: readonly Tab[] = [
  ['users', 'Użytkownicy'],
  ['apps', 'Aplikacje'],
  ['ideas', 'Pomysły'],
  ['announcements', 'Ogłoszenia'],
  ['community', 'Społeczność', 'admin.spec.ts'],
  ['seo', 'SEO'],
  ['smtp', 'SMTP'],
  ['email-templates', 'Szablony email'],
];
const MONEY_TABS: readonly Tab[] = [
  ['withdrawals', 'Wypłaty'],
  ['payments', 'Płatności', 'payments.spec.ts'],
  ['revenue', 'Przychód'],
  ['payment-links', 'Linki płatności'],
  ['catalogue', 'Katalog', 'payments.spec.ts'],
  ['profit-payouts', 'Wypłaty zysków', 'money.spec.ts'],
  ['audit', 'Dziennik zmian', 'money.spec.ts'],
  ['system-health', 'Stan systemu', 'operations.spec.ts'],
];

async function visitTabs(page: Page, tabs: readonly Tab[]): Promise<void> {
  const bar = page.getByRole('navigation', { name: 'Sekcje panelu admina' });
  for (const [segment, title, axeIn] of tabs) {
    await bar.getByRole('link', { name: title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/admin/${segment}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // Wait for the tab's data (no loading state left), then check.
    await expect(page.getByRole('status', { name: 'Ładowanie...' })).toHaveCount(0);
    if (!axeIn) await expectNoSeriousA11yViolationsAtBothWidths(page, { label: `admin/${segment}` });
  }
}

test.beforeEach(async ({ page }) => {
  // Up to 14 axe runs each (about 2 s apiece on a busy machine).
  test.setTimeout(180_000);
  await signIn(page, SEEDED_ADMIN);
});

test("'Panel Admina' opens SMTP; the spec's tabs and the e-mail templates are in the tab bar", async ({ page }) => {
  await page.getByRole('link', { name: 'Panel Admina' }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/smtp$/);
  await visitTabs(page, SPEC_TABS);
});

test('the money tabs are in the tab bar', async ({ page }) => {
  await page.goto('/dashboard/admin/smtp');
  await visitTabs(page, MONEY_TABS);
});
