// The local stack's Przelewy24 sandbox (scripts/stack/przelewy24.ts): where its payment pages are. It
// listens on the API port + 9 unless STACK_PRZELEWY24_PORT moves it.
import { expect, type Locator, type Page } from '@playwright/test';
import { API_URL } from './env';

export const PRZELEWY24_URL = process.env.STACK_PRZELEWY24_PORT
  ? `http://127.0.0.1:${process.env.STACK_PRZELEWY24_PORT}`
  : `http://127.0.0.1:${Number(new URL(API_URL).port) + 9}`;

/** A payment page of the sandbox (/trnRequest/<token>). */
export const SANDBOX_PAGE = new RegExp(`^${PRZELEWY24_URL.replace(/[.]/g, '\\.')}/trnRequest/[A-Z0-9]+$`);

/**
 * In a plan's payment dialog: 'Szybki przelew bankowy', the consent, 'Zapłać'. The tab the click
 * opened reaches the sandbox's payment page for the order; returns it and the order's reference.
 */
export async function startSandboxPayment(page: Page, dialog: Locator): Promise<{ tab: Page; reference: string }> {
  await dialog.getByRole('radio', { name: 'Szybki przelew bankowy' }).check();
  await dialog.getByRole('checkbox', { name: /Chcę, aby usługa zaczęła się od razu/ }).check();
  const popup = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Zapłać' }).click();
  const tab = await popup;
  await tab.waitForURL(SANDBOX_PAGE);
  await expect(dialog.getByTestId('payment-reference')).toHaveText(/^KLB-[0-9A-Z]{6}$/);
  return { tab, reference: (await dialog.getByTestId('payment-reference').textContent()) ?? '' };
}
