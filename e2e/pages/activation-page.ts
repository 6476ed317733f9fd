// /activate?token=…: loading, then success or an error with a way home (account-and-access.md §2).
import { expect, type Locator, type Page } from '@playwright/test';

export class ActivationPage {
  readonly heading: Locator;
  readonly success: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Aktywacja konta' });
    this.success = page.getByRole('status').filter({ hasText: 'Konto zostało aktywowane pomyślnie' });
    this.error = page.getByRole('alert');
  }

  /** The success state, with the note that the dashboard comes next. */
  async expectActivated(): Promise<void> {
    await expect(this.page).toHaveURL(/\/activate\?token=/);
    await expect(this.heading).toBeVisible();
    await expect(this.success).toBeVisible();
    await expect(this.page.getByText('Za chwilę przejdziesz do panelu.')).toBeVisible();
  }
}
