import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';

test('the landing page opens in Polish with the sign-in and registration tabs', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await expect(page.getByRole('tab', { name: 'Logowanie' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Rejestracja' })).toBeVisible();
});

test('an unknown path shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/to-nie-istnieje');
  await expect(page.getByRole('heading', { name: 'Nie znaleziono strony' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: 'not-found page' });
  await page.getByRole('link', { name: 'Wróć do strony głównej' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('tab', { name: 'Logowanie' })).toBeVisible();
});

test('the dashboard sends a signed-out visitor to the landing page', async ({ page }) => {
  await page.goto('/dashboard/wallet');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('tab', { name: 'Logowanie' })).toBeVisible();
});
