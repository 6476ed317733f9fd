// /activate?token=…: loading, then success or an error with a way home (product.md#account-2).
import { expect, type Locator, type Page } from '@playwright/test';

export class ActivationPage {
  readonly heading: Locator;
  readonly success: Locator;
  readonly error: Locator;
  /** When this browser cannot claim the sign-up password: 'Ustaw hasło'. */
  readonly setPasswordHeading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Aktywacja konta' });
    this.success = page.getByRole('status').filter({ hasText: 'Konto zostało aktywowane pomyślnie' });
    this.error = page.getByRole('alert');
    this.setPasswordHeading = page.getByRole('heading', { name: 'Ustaw hasło' });
  }

  /** Activated, and asked for a password of the member's own (the sign-up's was not claimed here). */
  async expectPasswordRequired(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.success).toBeVisible();
    await expect(this.setPasswordHeading).toBeVisible();
  }

  /** Sets the password and waits for the confirmation (then the dashboard comes after 2 s). */
  async setPassword(password: string): Promise<void> {
    await this.page.getByLabel('Nowe hasło').fill(password);
    await this.page.getByLabel('Powtórz hasło').fill(password);
    await this.page.getByRole('button', { name: 'Ustaw hasło' }).click();
    await expect(
      this.page.getByRole('status').filter({ hasText: 'Hasło zostało ustawione. Konto jest aktywne.' }),
    ).toBeVisible();
  }

  /** The success state, with the note that the dashboard comes next. */
  async expectActivated(): Promise<void> {
    await expect(this.page).toHaveURL(/\/activate\?token=/);
    await expect(this.heading).toBeVisible();
    await expect(this.success).toBeVisible();
    await expect(this.page.getByText('Za chwilę przejdziesz do panelu.')).toBeVisible();
  }
}
