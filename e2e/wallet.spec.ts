// eWallet with two-factor (product.md#dashboard-2, §4, §5): a member turns TOTP on in the settings (the code
// computed from the secret on screen), signs in again through the TOTP step, withdraws; the pending
// row and the balances move and the database's ledger agrees. A withdrawal above the balance is
// refused and changes nothing.
import { expect, test, type Page } from '@playwright/test';
import { DashboardPage } from './pages/dashboard-page';
import { LandingPage } from './pages/landing-page';
import { expectNoSeriousA11yViolationsAtBothWidths } from './support/a11y';
import { booksOf, creditWallet } from './support/database';
import { createMember } from './support/factories';
import { signIn } from './support/session';
import { totpCode } from './support/totp';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

function walletPage(page: Page) {
  const form = page.getByRole('region', { name: 'Wypłata środków' });
  const balance = page.getByRole('region', { name: 'Saldo' });
  return {
    form,
    balance,
    history: page.getByRole('region', { name: 'Historia wypłat' }),
    amount: form.getByLabel(/^Kwota \(USDT\)/),
    network: form.getByLabel('Sieć'),
    address: form.getByLabel('Adres portfela'),
    submit: form.getByRole('button', { name: 'Wypłać' }),
    value: (label: string) => balance.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd'),
  };
}

test('2FA on, the TOTP step at sign-in, a withdrawal: pending row, balances moved, ledger equal to balances', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const member = await createMember({ label: 'wallet-2fa' });
  await creditWallet(member.email, 250);
  await signIn(page, member);

  // Settings: turn two-factor on with the secret Auth shows.
  await page.goto('/dashboard/settings');
  const toggle = page.getByRole('switch', { name: 'Weryfikacja dwuetapowa' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'settings' });
  await toggle.click();
  const setup = page.getByRole('dialog', { name: 'Włącz weryfikację dwuetapową' });
  const secret = (await setup.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(setup.getByRole('img', { name: 'Kod QR do aplikacji uwierzytelniającej' })).toBeVisible();
  await expect(setup.getByRole('button', { name: 'Zweryfikuj' })).toBeDisabled();
  await expectNoSeriousA11yViolationsAtBothWidths(page, { include: '[role="dialog"]', label: '2FA set-up dialog' });
  await setup.getByLabel('Kod z aplikacji').fill(totpCode(secret));
  await setup.getByRole('button', { name: 'Zweryfikuj' }).click();
  await expect(page.getByText('Weryfikacja dwuetapowa została włączona')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');

  // Out and in again: the password, then the code.
  const dashboard = new DashboardPage(page);
  await dashboard.signOut(member.name);
  const landing = new LandingPage(page);
  await landing.expectShown();
  await landing.login.signIn(member.email, member.password);
  const code = page.getByLabel('Kod weryfikacyjny');
  await expect(code).toBeVisible();
  await code.fill(totpCode(secret));
  await page.getByRole('button', { name: 'Zweryfikuj' }).click();
  await dashboard.expectSignedIn(member.name);

  // The withdrawal (the session is aal2 now: no second code).
  await page.goto('/dashboard/wallet');
  const wallet = walletPage(page);
  await expect(wallet.value('Dostępne')).toHaveText('250,00 USDT');
  await expect(page.getByText('Brak historii wypłat')).toBeVisible();
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'wallet' });
  await wallet.amount.fill('40.25');
  await wallet.network.selectOption('BSC');
  await wallet.address.fill(ADDRESS);
  await wallet.submit.click();

  await expect(wallet.form.getByRole('status')).toHaveText(
    'Zlecenie wypłaty 40,25 USDT zostało przyjęte i czeka na realizację.',
  );
  const first = wallet.history.getByRole('listitem').first();
  await expect(first).toContainText('40,25 USDT');
  await expect(first).toContainText('Sieć BSC');
  await expect(first).toContainText('Oczekująca');
  await expect(first).toContainText(ADDRESS);
  await expect(first.locator('[data-status-icon="pending"]')).toHaveClass(/animate-spin/);
  await expect(wallet.value('Dostępne')).toHaveText('209,75 USDT');
  await expect(wallet.value('W trakcie wypłaty')).toHaveText('40,25 USDT');
  await expect(wallet.value('Łącznie')).toHaveText('250,00 USDT');

  const books = await booksOf(member.email);
  expect(books).toMatchObject({
    available: '209.75',
    pending: '40.25',
    total: '250.00',
    ledgerAvailable: '209.75',
    ledgerPending: '40.25',
    pendingWithdrawals: '40.25',
  });
  expect(books.withdrawals).toEqual([{ amount: '40.25', network: 'BSC', address: ADDRESS, status: 'pending' }]);
});

test("a withdrawal above the balance says 'Niewystarczające środki' and changes nothing", async ({ page }) => {
  const member = await createMember({ label: 'wallet-over' });
  await creditWallet(member.email, 50);
  await signIn(page, member);
  await page.goto('/dashboard/wallet');
  const wallet = walletPage(page);
  await expect(wallet.value('Dostępne')).toHaveText('50,00 USDT');

  await wallet.amount.fill('50.01');
  await wallet.address.fill(ADDRESS);
  await wallet.submit.click();

  await expect(wallet.form.getByText('Niewystarczające środki')).toBeVisible();
  await expect(wallet.amount).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolationsAtBothWidths(page, { label: 'wallet with an error' });
  await expect(page.getByText('Brak historii wypłat')).toBeVisible();
  const books = await booksOf(member.email);
  expect(books).toMatchObject({ available: '50.00', pending: '0.00', ledgerAvailable: '50.00', ledgerPending: '0.00' });
  expect(books.withdrawals).toEqual([]);
});
